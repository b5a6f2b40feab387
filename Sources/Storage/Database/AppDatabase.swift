import Foundation
import GRDB

/// Why the database could not be opened or used.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What failed, in words a user can act on.
    public let reason: String

    /// An error with a reason.
    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }

    static func wrap(_ error: any Error, _ context: String) -> StorageError {
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
            var config = Configuration()
            config.busyMode = .timeout(5)
            let pool = try DatabasePool(path: home.databaseURL.path, configuration: config)
            return try AppDatabase(writer: pool)
        } catch {
            throw StorageError.wrap(error, "cannot open the database at \(home.databaseURL.path)")
        }
    }

    /// A fresh in-memory database, for tests and previews.
    public static func inMemory() throws(StorageError) -> AppDatabase {
        do { return try AppDatabase(writer: try DatabaseQueue()) } catch {
            throw StorageError.wrap(error, "cannot create an in-memory database")
        }
    }

    /// Runs a write transaction.
    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StorageError) -> T {
        do { return try writer.write(body) } catch { throw StorageError.wrap(error, "database write failed") }
    }

    /// Runs a read.
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StorageError) -> T {
        do { return try writer.read(body) } catch { throw StorageError.wrap(error, "database read failed") }
    }
}
