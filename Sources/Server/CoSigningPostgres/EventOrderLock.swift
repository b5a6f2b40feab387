import PostgresNIO

/// Event IDs must become visible in order, or the event stream, which reads after the last ID it
/// showed, would pass over one that a concurrent write (of this process or another sharing the
/// database) committed late. So every write transaction takes this transaction-level advisory
/// lock first and holds it to its commit: writes take their event IDs, and commit, one at a time.
/// Taken before any row lock, it also leaves two writes no row to deadlock over. One lock per
/// schema, as the events are.
enum EventOrderLock {
    static let query: PostgresQuery = "SELECT pg_advisory_xact_lock(hashtextextended('bifrost events ' || current_schema(), 0))"
}
