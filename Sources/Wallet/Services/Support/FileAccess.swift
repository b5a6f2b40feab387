import Foundation
import Storage

/// Why a file could not be read.
public struct FileAccessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as the user gave it.
    public let path: String
    /// What went wrong, in words.
    public let reason: String

    /// An error for `path` with a reason a person can act on.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read \(path): \(reason)" }
}

/// Reading files, injected so services can be tested without a disk (`live`, `mock`, `failing`).
public struct FileAccess: Sendable {
    /// Returns the contents of the file at a path; `-` means standard input.
    public var read: @Sendable (String) throws(FileAccessError) -> [UInt8]

    /// An access with the given reader.
    public init(read: @escaping @Sendable (String) throws(FileAccessError) -> [UInt8]) { self.read = read }

    /// The real file system.
    public static let live = FileAccess { (path: String) throws(FileAccessError) -> [UInt8] in
        if path == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        guard FileManager.default.fileExists(atPath: path) else {
            throw FileAccessError(path: path, reason: "no such file")
        }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw FileAccessError(path: path, reason: "not readable")
        }
    }

    /// Files held in memory.
    public static func mock(_ files: [String: [UInt8]]) -> FileAccess {
        FileAccess { (path: String) throws(FileAccessError) -> [UInt8] in
            guard let f = files[path] else { throw FileAccessError(path: path, reason: "no such file") }
            return f
        }
    }

    /// Every read fails, for tests that must not touch files.
    public static let failing = FileAccess { (path: String) throws(FileAccessError) -> [UInt8] in
        throw FileAccessError(path: path, reason: "file access is not allowed here")
    }
}
