import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import GRDB
import Storage

// The events and the webhooks' outbox, in the same SQLite file as what they announce.
extension SQLiteCoSigningStorage {
    public func appendEvents(_ events: [ServedEvent]) async throws(StorageError) -> Int {
        try await write { db in try ServedEventRows.insert(events, db) }
    }

    public func events(after id: Int64, limit: Int) async throws(StorageError) -> [ServedEvent] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM servedEvent WHERE id > ? ORDER BY id LIMIT ?", arguments: [id, max(limit, 0)])
                .map(ServedEventRows.event)
        }
    }

    public func tokensMoved(chainID: BigUInt, safe: Address?) async throws(StorageError) -> [Address] {
        let arguments: StatementArguments = [String(chainID), safe?.checksummed, safe?.checksummed, ServedEvent.Kind.incomingToken.rawValue,
                                             ServedEvent.Kind.outgoingToken.rawValue]
        return try await read { db in
            try String.fetchAll(db, sql: """
                SELECT DISTINCT token FROM servedEvent WHERE chainId = ? AND (? IS NULL OR safe = ?) AND kind IN (?, ?)
                    AND token IS NOT NULL AND tokenId IS NULL
                ORDER BY token
                """, arguments: arguments).map { try Address($0) }
        }
    }

    public func latestEventID() async throws(StorageError) -> Int64 {
        try await read { db in try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM servedEvent") ?? 0 }
    }

    public func setWebhooks(_ urls: [String]) async throws(StorageError) {
        try await write { db in
            let listed = Set(urls)
            for url in try String.fetchAll(db, sql: "SELECT url FROM servedWebhook") where !listed.contains(url) {
                try db.execute(sql: "DELETE FROM servedOutbox WHERE webhook = ?", arguments: [url])
                try db.execute(sql: "DELETE FROM servedDeadLetter WHERE webhook = ?", arguments: [url])
                try db.execute(sql: "DELETE FROM servedWebhook WHERE url = ?", arguments: [url])
            }
            for url in listed { try db.execute(sql: "INSERT OR IGNORE INTO servedWebhook (url) VALUES (?)", arguments: [url]) }
        }
    }

    public func pendingDeliveries(webhook: String, limit: Int) async throws(StorageError) -> [PendingDelivery] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT e.*, o.attempts AS attempts FROM servedOutbox o JOIN servedEvent e ON e.id = o.eventId
                WHERE o.webhook = ? ORDER BY o.eventId LIMIT ?
                """, arguments: [webhook, max(limit, 0)])
                .map { row in PendingDelivery(event: try ServedEventRows.event(row), attempts: row["attempts"]) }
        }
    }

    public func claimDeliveries(webhook: String, limit: Int, at time: Date, lease: Duration) async throws(StorageError) -> [PendingDelivery] {
        let now = time.timeIntervalSince1970, until = now + lease / .seconds(1)
        // One process writes the file, one write at a time: reading and marking in one write is the claim.
        return try await write { db in
            let deliveries = try Row.fetchAll(db, sql: """
                SELECT e.*, o.attempts AS attempts FROM servedOutbox o JOIN servedEvent e ON e.id = o.eventId
                WHERE o.webhook = ? AND (o.leasedUntil IS NULL OR o.leasedUntil <= ?) ORDER BY o.eventId LIMIT ?
                """, arguments: [webhook, now, max(limit, 0)])
                .map { row in PendingDelivery(event: try ServedEventRows.event(row), attempts: row["attempts"]) }
            for delivery in deliveries {
                try db.cachedStatement(sql: "UPDATE servedOutbox SET leasedUntil = ? WHERE webhook = ? AND eventId = ?")
                    .execute(arguments: [until, webhook, delivery.event.id])
            }
            return deliveries
        }
    }

    public func releaseDeliveries(eventIDs: [Int64], webhook: String) async throws(StorageError) {
        guard !eventIDs.isEmpty else { return }
        try await write { db in
            for id in eventIDs {
                try db.cachedStatement(sql: "UPDATE servedOutbox SET leasedUntil = NULL WHERE webhook = ? AND eventId = ?").execute(arguments: [webhook, id])
            }
        }
    }

    public func delivered(eventID: Int64, webhook: String) async throws(StorageError) {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM servedOutbox WHERE eventId = ? AND webhook = ?").execute(arguments: [eventID, webhook])
            try db.cachedStatement(sql: "UPDATE servedWebhook SET failingSince = NULL WHERE url = ? AND failingSince IS NOT NULL")
                .execute(arguments: [webhook])
        }
    }

    public func deliveryFailed(eventID: Int64, webhook: String, at time: Date) async throws(StorageError) -> Date {
        try await write { db in
            try db.execute(sql: "UPDATE servedOutbox SET attempts = attempts + 1 WHERE eventId = ? AND webhook = ?", arguments: [eventID, webhook])
            try db.execute(sql: "UPDATE servedWebhook SET failingSince = coalesce(failingSince, ?) WHERE url = ?",
                           arguments: [time.timeIntervalSince1970, webhook])
            let since = try Double.fetchOne(db, sql: "SELECT failingSince FROM servedWebhook WHERE url = ?", arguments: [webhook])
            return since.map { Date(timeIntervalSince1970: $0) } ?? time
        }
    }

    public func deadLetter(webhook: String, at time: Date) async throws(StorageError) -> Int {
        try await write { db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO servedDeadLetter (eventId, webhook, attempts, deadAt)
                SELECT eventId, webhook, attempts, ? FROM servedOutbox WHERE webhook = ?
                """, arguments: [time.timeIntervalSince1970, webhook])
            try db.execute(sql: "DELETE FROM servedOutbox WHERE webhook = ?", arguments: [webhook])
            return db.changesCount
        }
    }

    public func outboxDepth() async throws(StorageError) -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM servedOutbox") ?? 0 }
    }

    public func deadLetterCount() async throws(StorageError) -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM servedDeadLetter") ?? 0 }
    }
}

/// The event table's rows: written inside the write that caused them, with one outbox row per webhook.
enum ServedEventRows {
    static func createTables(_ db: Database) throws {
        try db.create(table: "servedEvent") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("kind", .text).notNull()
            t.column("chainId", .text).notNull()
            t.column("safe", .text).notNull()
            t.column("hash", .text)
            t.column("owner", .text)
            t.column("transactionHash", .text)
            t.column("token", .text)
            t.column("value", .text)
            t.column("tokenId", .text)
            t.column("failed", .boolean)
            t.column("block", .integer)
            t.column("dedupKey", .text).unique()
            t.column("createdAt", .double).notNull()
        }
        try db.create(index: "servedEventByBlock", on: "servedEvent", columns: ["chainId", "block"])
        try db.create(table: "servedWebhook") { t in t.primaryKey("url", .text) }
        try db.create(table: "followedHash") { t in
            t.column("chainId", .text).notNull()
            t.column("number", .integer).notNull()
            t.column("hash", .text).notNull()
            t.primaryKey(["chainId", "number"])
        }
        try db.create(table: "servedOutbox") { t in
            t.column("eventId", .integer).notNull().references("servedEvent", onDelete: .cascade)
            t.column("webhook", .text).notNull()
            t.column("attempts", .integer).notNull().defaults(to: 0)
            t.primaryKey(["webhook", "eventId"])
        }
    }

    /// v7: when each webhook began failing (NULL while it answers), and the events of a receiver
    /// that stayed dead past its expiry, out of the outbox.
    static func createDeadLetters(_ db: Database) throws {
        try db.alter(table: "servedWebhook") { t in t.add(column: "failingSince", .double) }
        try db.create(table: "servedDeadLetter") { t in
            t.column("eventId", .integer).notNull().references("servedEvent", onDelete: .cascade)
            t.column("webhook", .text).notNull()
            t.column("attempts", .integer).notNull()
            t.column("deadAt", .double).notNull()
            t.primaryKey(["webhook", "eventId"])
        }
    }

    /// Stores `events` (one already stored under its dedup key is skipped) and queues each for
    /// every webhook; answers how many were stored.
    @discardableResult
    static func insert(_ events: [ServedEvent], _ db: Database) throws -> Int {
        var stored = 0
        for e in events {
            let values: [(any DatabaseValueConvertible)?] = [
                e.kind.rawValue, String(e.chainID), e.safe.checksummed, e.hash.map { Hex.encode($0) }, e.owner?.checksummed,
                e.transactionHash.map { Hex.encode($0) }, e.token?.checksummed, e.value.map { String($0) }, e.tokenID.map { String($0) }, e.failed,
                e.block.map { Int64(clamping: $0) }, e.dedupKey, e.createdAt.timeIntervalSince1970,
            ]
            // Cached statements: every write stores events, and compiling these each time showed in the server's profile.
            try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO servedEvent (kind, chainId, safe, hash, owner, transactionHash, token, value, tokenId, failed, block, dedupKey,
                    createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: StatementArguments(values.map { $0?.databaseValue ?? .null }))
            guard db.changesCount > 0 else { continue }
            stored += 1
            try db.cachedStatement(sql: "INSERT INTO servedOutbox (eventId, webhook) SELECT ?, url FROM servedWebhook").execute(arguments: [db.lastInsertedRowID])
        }
        return stored
    }

    static func event(_ row: Row) throws -> ServedEvent {
        func address(_ column: String) throws -> Address? { try (row[column] as String?).map { try Address($0) } }
        func bytes(_ column: String) throws -> [UInt8]? { try (row[column] as String?).map { try Hex.decode($0) } }
        func number(_ column: String) -> BigUInt? { (row[column] as String?).flatMap { BigUInt($0, radix: 10) } }
        guard let kind = ServedEvent.Kind(rawValue: row["kind"]), let chainID = number("chainId"), let safe = try address("safe") else {
            throw StorageError("a stored event is unreadable")
        }
        return ServedEvent(kind, chainID: chainID, safe: safe, hash: try bytes("hash"), owner: try address("owner"),
                           transactionHash: try bytes("transactionHash"), token: try address("token"), value: number("value"),
                           tokenID: number("tokenId"), failed: row["failed"], block: (row["block"] as Int64?).map { BigUInt($0) },
                           dedupKey: row["dedupKey"],
                           at: Date(timeIntervalSince1970: row["createdAt"]), id: row["id"])
    }
}
