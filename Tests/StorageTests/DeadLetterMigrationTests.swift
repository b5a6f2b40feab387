@testable import CoSigningSQLite
import CoSigningStorage
import CoSigningTestSupport
import Foundation
import GRDB
import PostgresNIO
@testable import Storage
import Testing

/// An outbox written before webhooks could expire (SQLite v6, PostgreSQL 4) opens with today's
/// schema: its deliveries still wait with their attempts, no webhook counts as failing, and its
/// queue can move to the dead letters.
@Suite("Migration: the webhooks' outbox before dead letters")
struct DeadLetterMigrationTests {
    static let hook = "https://queued.example/before"
    static let t0 = Date(timeIntervalSince1970: 1_860_000_000)

    /// What every backend must show of the one queued delivery, three attempts old.
    static func checkCarried(_ storage: any CoSigningStorage) async throws {
        let pending = try await storage.pendingDeliveries(webhook: hook, limit: 10)
        #expect(pending.map(\.attempts) == [3] && pending.first?.event.value == 12)
        let later = t0.addingTimeInterval(40)
        #expect(try await storage.deliveryFailed(eventID: pending[0].event.id, webhook: hook, at: later) == later, "no failure was counted before")
        #expect(try await storage.deadLetter(webhook: hook, at: later) == 1)
        #expect(try await storage.outboxDepth() == 0)
        #expect(try await storage.deadLetterCount() == 1)
    }

    @Test("SQLite: a v6 file")
    func sqlite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-deadletter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("serve.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try SQLiteCoSigningStorage.migrator.migrate(queue, upTo: "v6: events, the webhooks and their outbox")
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO servedWebhook (url) VALUES (?)", arguments: [Self.hook])
                try db.execute(sql: "INSERT INTO servedEvent (kind, chainId, safe, value, createdAt) VALUES ('INCOMING_ETHER', '1', ?, '12', ?)",
                               arguments: [CoSigningStorageTests.safe.checksummed, Self.t0.timeIntervalSince1970])
                try db.execute(sql: "INSERT INTO servedOutbox (eventId, webhook, attempts) VALUES (?, ?, 3)", arguments: [db.lastInsertedRowID, Self.hook])
            }
        }
        try await Self.checkCarried(try SQLiteCoSigningStorage(path: path))
    }

    @Test("PostgreSQL: a schema at version 4", .enabled(if: CoSigningBackend.available.contains(.postgres), "no PostgreSQL server given (scripts/test starts one)"))
    func postgres() async throws {
        let (connection, schema, logger) = try await CoSigningBackend.postgresSchema(migratedTo: 4)
        let safe = CoSigningStorageTests.safe.checksummed, created = Self.t0.timeIntervalSince1970
        try await connection.query("INSERT INTO served_webhook (url) VALUES (\(Self.hook))", logger: logger)
        try await connection.query("""
            WITH event AS (INSERT INTO served_event (kind, chain_id, safe, value, created_at) VALUES ('INCOMING_ETHER', 1, \(safe), 12, \(created))
                RETURNING id)
            INSERT INTO served_outbox (event_id, webhook, attempts) SELECT id, \(Self.hook), 3 FROM event
            """, logger: logger)
        try await connection.close()
        let storage = try await CoSigningBackend.openPostgres(schema: schema)
        try await Self.checkCarried(storage)
        await storage.shutdown()
    }
}
