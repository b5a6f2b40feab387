import BigInt
import CoSigningStorage
import Logging
import PostgresNIO
import Storage

/// The follower election on PostgreSQL: a session-level advisory lock, keyed by the schema and
/// the chain ID, taken on a connection of its own and held for as long as this process leads. The
/// server releases it when that session ends, so a dead process's lead is free the moment its
/// connection closes (at once on a crash, as the kernel closes its sockets), and a standby trying
/// every second takes it. The connection of a try that lost is kept for the next try.
actor PostgresFollowerElection {
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    /// A session per chain that tried and lost, kept for the next try.
    private var standing: [BigUInt: PostgresConnection] = [:]
    private var closed = false

    init(configuration: PostgresConnection.Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// The lock's key: one per schema and chain, so deployments sharing a database in schemas of
    /// their own each elect their own follower.
    static func key(chainID: BigUInt) -> PostgresQuery {
        "SELECT pg_try_advisory_lock(hashtextextended('bifrost follower ' || current_schema() || ' ' || \(String(chainID)), 0))"
    }

    func lead(chainID: BigUInt, timeout: Duration) async throws -> PostgresFollowerLead? {
        guard !closed else { return nil }
        let session: PostgresConnection
        if let kept = standing.removeValue(forKey: chainID), !kept.isClosed {
            session = kept
        } else {
            let configuration = configuration, logger = logger
            session = try await Deadline.run(within: timeout) { try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger) }
        }
        let won: Bool
        do {
            won = try await Deadline.run(within: timeout) { [logger] in
                var won = false
                for try await taken in try await session.query(Self.key(chainID: chainID), logger: logger).decode(Bool.self) { won = taken }
                return won
            }
        } catch {
            try? await session.close()
            throw error
        }
        guard won else {
            if closed { try? await session.close() } else { standing[chainID] = session }
            return nil
        }
        return PostgresFollowerLead(session: session, timeout: timeout, logger: logger)
    }

    /// Closes the sessions kept for later tries; the storage's shutdown.
    func close() async {
        closed = true
        for session in standing.values { try? await session.close() }
        standing = [:]
    }
}

/// This process's lead of a chain's following on PostgreSQL: the session that holds the lock.
struct PostgresFollowerLead: FollowerLead {
    let session: PostgresConnection
    let timeout: Duration
    let logger: Logger

    /// The session still answers, so the server still holds its lock.
    func holds() async -> Bool {
        let session = session, logger = logger
        guard !session.isClosed else { return false }
        do {
            return try await Deadline.run(within: timeout) {
                try await session.query("SELECT 1", logger: logger)
                return true
            }
        } catch {
            // A session that did not answer may still hold the lock: closing it makes sure it does not.
            try? await session.close()
            return false
        }
    }

    /// Ending the session releases the lock.
    func resign() async { try? await session.close() }
}

extension PostgresCoSigningStorage {
    public func leadFollowing(chainID: BigUInt) async throws(StorageError) -> (any FollowerLead)? {
        do {
            return try await election.lead(chainID: chainID, timeout: min(timeout, .seconds(5)))
        } catch {
            throw failure(error, "cannot take part in the follower election")
        }
    }
}
