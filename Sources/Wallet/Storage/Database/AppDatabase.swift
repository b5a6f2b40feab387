import Foundation
import GRDB

/// Why the database could not be opened or used.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What failed, in words a user can act on.
    public let reason: String

    /// An error with a reason.
    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }

    package static func wrap(_ error: any Error, _ context: String) -> StorageError {
        if let e = error as? StorageError { return e }
        return StorageError("\(context): \(error)")
    }
}

/// Bifrost's SQLite database: `bifrost.sqlite` under the home directory, migrated on open.
public final class AppDatabase: Sendable {
    /// The GRDB connection; a pool (WAL) on disk so other processes' writes are observed.
    let writer: any DatabaseWriter

    private init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try Migrations.migrator.migrate(writer)
    }

    /// Opens (creating if needed) the database under `home`.
    public static func open(home: BifrostHome) throws(StorageError) -> AppDatabase {
        do {
            try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            // Processes opening one home at once would race on switching a new file to WAL and
            // on migrating it; SQLite answers the loser "database is locked" without waiting.
            let lock = try OpenLock(path: home.url.appendingPathComponent(".bifrost.lock").path)
            defer { lock.release() }
            try restrictToOwner(home.databaseURL.path)
            var config = Configuration()
            config.busyMode = .timeout(5)
            let pool = try DatabasePool(path: home.databaseURL.path, configuration: config)
            return try AppDatabase(writer: pool)
        } catch {
            throw StorageError.wrap(error, "cannot open the database at \(home.databaseURL.path)")
        }
    }

    /// The database holds addresses and history, not secrets, but it is nobody else's business:
    /// it is created 0600 whatever the umask, and an older 0644 file is tightened. SQLite gives
    /// its -wal and -shm files the database file's mode. An existing file is never opened here:
    /// closing any descriptor of it would drop the POSIX locks SQLite holds on it in this process.
    private static func restrictToOwner(_ path: String) throws(StorageError) {
        if !FileManager.default.fileExists(atPath: path) {
            let fd = OpenLock.openFile(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC)
            if fd >= 0 { close(fd) } else if errno != EEXIST {
                throw StorageError("cannot create \(path): \(String(cString: strerror(errno)))")
            }
        }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            guard chmod(file, 0o600) == 0 else { throw StorageError("cannot restrict \(file) to its owner: \(String(cString: strerror(errno)))") }
        }
    }

    /// A fresh in-memory database, for tests and previews.
    public static func inMemory() throws(StorageError) -> AppDatabase {
        do { return try AppDatabase(writer: try DatabaseQueue()) } catch {
            throw StorageError.wrap(error, "cannot create an in-memory database")
        }
    }

    /// Runs a write transaction, suspending rather than blocking a thread of the cooperative pool.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StorageError) -> T {
        do { return try await writer.write(body) } catch { throw StorageError.wrap(error, "database write failed") }
    }

    /// Runs a write transaction that takes SQLite's write lock at its start, so its reads and
    /// writes are one step for every process sharing the file.
    func immediateWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StorageError) -> T {
        do {
            return try await writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else { throw StorageError("the transaction produced no result") }
                return result
            }
        } catch {
            throw StorageError.wrap(error, "database write failed")
        }
    }

    /// Runs a read, suspending rather than blocking a thread of the cooperative pool.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StorageError) -> T {
        do { return try await writer.read(body) } catch { throw StorageError.wrap(error, "database read failed") }
    }
}
