import Foundation
import Storage

/// Tells when anything in a home changed, whichever process wrote it: a front end that shows the
/// home (the dashboard's open pages) reloads on each tick. SQLite does not announce another
/// process's commits, so this compares the database, its write-ahead log and the keys folder
/// by size and modification time at each poll.
public struct HomeChanges: AsyncSequence, Sendable {
    public typealias Element = Void
    public typealias Failure = Never

    private let paths: [String]
    private let interval: Duration

    /// Changes in `home`, looked for every `interval`.
    public init(home: BifrostHome, every interval: Duration = .milliseconds(250)) {
        let database = home.databaseURL.path
        paths = [database, database + "-wal", home.keysDirectory.path]
        self.interval = interval
    }

    public func makeAsyncIterator() -> Iterator { Iterator(paths: paths, interval: interval, last: Self.fingerprint(paths)) }

    /// Yields once per poll that saw a change; returns nil when its task is cancelled.
    public struct Iterator: AsyncIteratorProtocol {
        let paths: [String]
        let interval: Duration
        var last: [FileFingerprint]

        public mutating func next() async -> Void? {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                let now = HomeChanges.fingerprint(paths)
                if now != last {
                    last = now
                    return ()
                }
            }
            return nil
        }
    }

    /// Size and modification time of one file, or nil parts when it is absent.
    struct FileFingerprint: Equatable, Sendable {
        let size: Int64?
        let modified: TimeInterval?
    }

    static func fingerprint(_ paths: [String]) -> [FileFingerprint] {
        paths.map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return FileFingerprint(size: nil, modified: nil) }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            return FileFingerprint(size: Int64(info.st_size), modified: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9)
        }
    }
}
