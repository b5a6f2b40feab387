import CoSigningStorage
import Foundation
import Logging
import PostgresNIO
import Storage

/// A co-signing server's transactions on a PostgreSQL server, so several `bifrost serve`
/// processes can share one store. It mirrors `SQLiteCoSigningStorage` row for row.
public final class PostgresCoSigningStorage: CoSigningStorage {
    let client: PostgresClient
    let server: PostgresURL
    let logger: Logger
    /// How long a read or write may take, a free connection included, before it is answered as
    /// failed, while the server is thought up.
    let timeout: Duration
    /// Whether the server answers: when it does not, reads and writes fail at once.
    let health: ServerHealth
    /// Whether this process follows a chain: a session of its own holds the lock that says so.
    let election: PostgresFollowerElection
    /// Every write goes through here: concurrent writes share transactions.
    private let commits: GroupCommit<@Sendable (PostgresConnection) async throws -> Void>
    private let running: Task<Void, Never>

    private init(server: PostgresURL, startup: [(String, String)], probe: PostgresConnection.Configuration, timeout: Duration, logger: Logger) {
        let client = PostgresClient(configuration: server.clientConfiguration(startup: startup))
        self.client = client
        self.server = server
        self.logger = logger
        self.timeout = timeout
        let health = ServerHealth()
        self.health = health
        election = PostgresFollowerElection(configuration: probe, logger: logger)
        // A few batches at once: one would leave the server idle while this process prepares the
        // next. Each takes the event-order lock first, so their database work runs one at a time.
        commits = GroupCommit(lanes: 4) { jobs in
            try await Deadline.run(within: timeout, unless: health) {
                // Should the server still abort one for a deadlock or a serialization conflict, it
                // runs again (its jobs are database work only).
                for attempt in 1... {
                    do {
                        return try await client.withTransaction(logger: logger) { connection in
                            try await connection.query(EventOrderLock.query, logger: logger)
                            for job in jobs { try await job(connection) }
                        }
                    } catch where attempt < 3 && Self.isConflict(error) {
                        continue
                    }
                }
            }
        }
        running = Task { await client.run() }
        health.start(probe, logger: logger)
    }

    /// Connects to the server `url` names and brings its tables up to date. `schema` (letters,
    /// digits, underscores) keeps the tables in a schema of their own, created when missing.
    public static func open(url: String, schema: String? = nil, timeout: Duration = .seconds(30),
                            logger: Logger = Logger(label: "bifrost.postgres", factory: { _ in SwiftLogNoOpLogHandler() }))
        async throws(StorageError) -> PostgresCoSigningStorage {
        let server = try PostgresURL(parsing: url)
        if let schema, !isIdentifier(schema) {
            throw StorageError("the schema name \(schema) must be lowercase letters, digits and underscores, starting with a letter or _")
        }
        // Every connection starts with the schema first on its search path, so the same queries
        // serve a test's private schema and a deployment's default one.
        let startup = schema.map { [("search_path", $0)] } ?? []
        do {
            // One connection of its own first: the pool would retry a refused login for a minute
            // and then report only that it gave up, where this says why at once.
            let connection = try await PostgresConnection.connect(configuration: server.connectionConfiguration(startup: startup), id: 0, logger: logger)
            do {
                if let schema {
                    // IF NOT EXISTS still races another creator; the migrations' lock serializes them.
                    try await connection.withTransaction(logger: logger) { connection in
                        try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresMigrations.lockKey))", logger: logger)
                        // An identifier cannot be a bound parameter; it was checked above, and is quoted.
                        try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(schema)\""), logger: logger)
                    }
                }
                try await PostgresMigrations.migrate(connection, logger: logger)
                try await PostgresMigrations.checkSharedColumns(connection, logger: logger)
            } catch {
                try? await connection.close()
                throw error
            }
            try await connection.close()
        } catch {
            throw describe(error, "cannot open the co-signing database at \(server)", server: server)
        }
        let probe: PostgresConnection.Configuration
        do { probe = try server.connectionConfiguration(startup: startup) } catch { throw describe(error, "cannot reach \(server)", server: server) }
        return PostgresCoSigningStorage(server: server, startup: startup, probe: probe, timeout: timeout, logger: logger)
    }

    /// Closes the pool's connections once the queries under way have ended; the storage answers nothing after this.
    public func shutdown() async {
        await election.close()
        await health.stop()
        running.cancel()
        await running.value
    }

    deinit {
        running.cancel()
        // The probe holds only the health object, never the storage, so it is stopped here.
        let health = health
        Task { await health.stop() }
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 63,
              first == "_" || ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// Runs `body` in a transaction, perhaps shared with other writes (`GroupCommit`): answers once
    /// it committed, and nothing of it stays when it throws.
    func write<T: Sendable>(_ what: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(StorageError) -> T {
        let outcome = JobOutcome<T>()
        do {
            try await commits.submit { connection in outcome.record(try await body(connection)) }
            return try outcome.value()
        } catch {
            throw failure(error, "co-signing database write failed (\(what))")
        }
    }

    /// Runs `body` in one read-only transaction that sees a single snapshot.
    func read<T: Sendable>(_ what: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(StorageError) -> T {
        let client = client, logger = logger
        do {
            return try await Deadline.run(within: timeout, unless: health) {
                try await client.withTransaction(logger: logger) { connection in
                    try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
                    return try await body(connection)
                }
            }
        } catch {
            throw failure(error, "co-signing database read failed (\(what))")
        }
    }

    /// Whether the server aborted a transaction for a deadlock or a serialization conflict: it may run again.
    static func isConflict(_ error: any Error) -> Bool {
        let cause = (error as? PostgresTransactionError).flatMap { $0.closureError ?? $0.commitError } ?? error
        guard let state = (cause as? PSQLError)?.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }

    func failure(_ error: any Error, _ context: String) -> StorageError { Self.describe(error, context, server: server) }

    /// Words an error for a user; PostgresNIO's own description is deliberately empty, and a
    /// message never carries the password because `server` prints without it.
    static func describe(_ error: any Error, _ context: String, server: PostgresURL) -> StorageError {
        if let error = error as? StorageError { return error }
        if error is Deadline.Passed { return StorageError("\(context): \(server) did not answer in time") }
        if error is Deadline.ServerDown { return StorageError("\(context): \(server) is not answering") }
        // A transaction's failure wraps the one that counts.
        if let error = error as? PostgresTransactionError, let cause = error.closureError ?? error.beginError ?? error.commitError {
            return describe(cause, context, server: server)
        }
        guard let error = error as? PSQLError else { return StorageError("\(context): \(error)") }
        if let info = error.serverInfo, let message = info[.message] {
            return StorageError("\(context): \(message) (SQLSTATE \(info[.sqlState] ?? "?"))")
        }
        let cause = error.underlying.map { ": \($0)" } ?? ""
        return StorageError("\(context): \(error.code)\(cause)")
    }
}
