import BigInt
@testable import CoSigningPostgres
import CoSigningSQLite
import CoSigningStorage
import CoSigningTestSupport
import Foundation
import Logging
import PostgresNIO
import Storage
import Testing

/// One follower per chain among the servers sharing a PostgreSQL schema, elected by an advisory
/// lock held on a session of the leader's own; SQLite's one process always leads.
@Suite("Co-signing storage: the follower election")
struct PostgresFollowerElectionTests {
    @Test("SQLite: its one process always leads")
    func sqliteLeads() async throws {
        let storage = try SQLiteCoSigningStorage()
        let lead = try #require(try await storage.leadFollowing(chainID: 1))
        #expect(await lead.holds())
        #expect(try await storage.leadFollowing(chainID: 1) != nil)
    }

    @Test("PostgreSQL: one server leads each chain; the lead passes on when it resigns or its session ends, and another schema elects its own",
          .enabled(if: CoSigningBackend.available.contains(.postgres)))
    func postgresElects() async throws {
        let schema = CoSigningBackend.freshSchema()
        let first = try await CoSigningBackend.openPostgres(schema: schema)
        let second = try await CoSigningBackend.openPostgres(schema: schema)
        let elsewhere = try await CoSigningBackend.postgres.makeStorage()
        let chain = BigUInt(UInt64.random(in: 1_000_000...UInt64.max))

        let lead = try #require(try await first.leadFollowing(chainID: chain))
        #expect(await lead.holds())
        #expect(try await second.leadFollowing(chainID: chain) == nil, "the chain has a leader")
        #expect(try await first.leadFollowing(chainID: chain) == nil, "a second try of the same server does not lead twice")
        let other = try #require(try await second.leadFollowing(chainID: chain + 1), "another chain elects its own")
        let apart = try #require(try await elsewhere.leadFollowing(chainID: chain), "another schema elects its own")

        await lead.resign()
        let next = try #require(try await second.leadFollowing(chainID: chain), "a resigned lead is taken at the next try")
        #expect(try await first.leadFollowing(chainID: chain) == nil)

        // The leader's session ends as a crashed process's does: the database drops its lock.
        try await Self.terminateSession(holding: chain, schema: schema)
        #expect(await next.holds() == false, "a lead whose session ended no longer holds")
        let taken = try #require(try await first.leadFollowing(chainID: chain), "the other server takes over")
        #expect(await taken.holds())

        for held in [taken, other, apart] { await held.resign() }
        for storage in [first, second, elsewhere] { await storage.shutdown() }
    }

    /// Ends the database session that holds the election lock of `chain` in `schema`, as the
    /// server does when the process holding it dies.
    static func terminateSession(holding chain: BigUInt, schema: String) async throws {
        let url = try #require(CoSigningBackend.postgresURL)
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection = try await PostgresConnection.connect(
            configuration: try PostgresURL(parsing: url).connectionConfiguration(startup: [("search_path", schema)]), id: 9, logger: logger)
        // An advisory lock on a bigint shows in pg_locks as its high and low 32 bits.
        let rows = try await connection.query("""
            WITH k AS (SELECT hashtextextended('bifrost follower ' || current_schema() || ' ' || \(String(chain)), 0) AS key)
            SELECT pg_terminate_backend(l.pid) FROM pg_locks l, k
            WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
                AND l.classid = ((k.key >> 32) & 4294967295)::oid AND l.objid = (k.key & 4294967295)::oid
            """, logger: logger)
        var ended = 0
        for try await done in rows.decode(Bool.self) where done { ended += 1 }
        try await connection.close()
        #expect(ended == 1, "one session held the lock")
        // pg_terminate_backend only signals: the session is gone a moment later.
        try await Task.sleep(for: .milliseconds(300))
    }
}
