import Logging
import PostgresNIO
import Synchronization

/// Event IDs must become visible in order, or the event stream, which reads after the last ID it
/// showed, would pass over one that a concurrent write (of this process or another sharing the
/// database) committed late. So a transaction that stores events takes a transaction-level
/// advisory lock before its first one and holds it to its commit: writes that store events take
/// their IDs, and commit, one at a time. One lock per schema, as the events are; taken once per
/// transaction, however many of its writes store events (a group commit's batch shares one).
enum EventOrderLock {
    static let query: PostgresQuery = "SELECT pg_advisory_xact_lock(hashtextextended('bifrost events ' || current_schema(), 0))"

    /// Whether the transaction under way holds the lock; set by the transaction's runner.
    @TaskLocal static var held: Hold?

    /// One transaction's record of having taken the lock.
    final class Hold: Sendable {
        private let taken = Mutex(false)
        init() {}
        /// True the first time only.
        func take() -> Bool { taken.withLock { was in defer { was = true }; return !was } }
    }

    /// Takes the lock on `connection` unless its transaction already holds it.
    static func take(_ connection: PostgresConnection, logger: Logger) async throws {
        guard held?.take() ?? true else { return }
        try await connection.query(query, logger: logger)
    }
}
