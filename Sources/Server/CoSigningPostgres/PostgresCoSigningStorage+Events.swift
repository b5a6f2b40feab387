import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import PostgresNIO
import Storage

// The events and the webhooks' outbox, written in the same transaction as what they announce.
extension PostgresCoSigningStorage {
    public func appendEvents(_ events: [ServedEvent]) async throws(StorageError) -> Int {
        let logger = logger
        return try await write("store events") { connection in try await Self.insert(events, connection, logger: logger) }
    }

    public func events(after id: Int64, limit: Int) async throws(StorageError) -> [ServedEvent] {
        let logger = logger, limit = max(limit, 0)
        return try await read("read events") { connection in
            var events: [ServedEvent] = []
            let rows = try await connection.query("SELECT \(unescaped: Self.eventColumns), 0 FROM served_event WHERE id > \(id) ORDER BY id LIMIT \(limit)",
                                                  logger: logger)
            for try await row in rows { events.append(try Self.event(row).event) }
            return events
        }
    }

    public func tokensMoved(chainID: BigUInt, safe: Address?) async throws(StorageError) -> [Address] {
        let logger = logger, chain = String(chainID), address = safe?.checksummed
        let kinds = [ServedEvent.Kind.incomingToken.rawValue, ServedEvent.Kind.outgoingToken.rawValue]
        return try await read("read the tokens moved") { connection in
            var tokens: [Address] = []
            let rows = try await connection.query("""
                SELECT DISTINCT token FROM served_event WHERE chain_id = \(chain)::numeric AND (\(address)::text IS NULL OR safe = \(address)::text)
                    AND kind = ANY(\(kinds))
                    AND token IS NOT NULL AND token_id IS NULL ORDER BY token
                """, logger: logger)
            for try await token in rows.decode(String.self) { tokens.append(try Address(token)) }
            return tokens
        }
    }

    public func latestEventID() async throws(StorageError) -> Int64 {
        let logger = logger
        return try await read("read the latest event") { connection in
            var latest: Int64 = 0
            for try await id in try await connection.query("SELECT coalesce(max(id), 0) FROM served_event", logger: logger).decode(Int64.self) { latest = id }
            return latest
        }
    }

    public func setWebhooks(_ urls: [String]) async throws(StorageError) {
        let logger = logger
        try await write("set webhooks") { connection in
            try await connection.query("DELETE FROM served_outbox WHERE NOT (webhook = ANY(\(urls)))", logger: logger)
            try await connection.query("DELETE FROM served_dead_letter WHERE NOT (webhook = ANY(\(urls)))", logger: logger)
            try await connection.query("DELETE FROM served_webhook WHERE NOT (url = ANY(\(urls)))", logger: logger)
            for url in urls { try await connection.query("INSERT INTO served_webhook (url) VALUES (\(url)) ON CONFLICT DO NOTHING", logger: logger) }
        }
    }

    public func pendingDeliveries(webhook: String, limit: Int) async throws(StorageError) -> [PendingDelivery] {
        let logger = logger, limit = max(limit, 0)
        return try await read("read the outbox") { connection in
            var deliveries: [PendingDelivery] = []
            let rows = try await connection.query("""
                SELECT \(unescaped: Self.eventColumns), o.attempts FROM served_outbox o JOIN served_event e ON e.id = o.event_id
                WHERE o.webhook = \(webhook) ORDER BY o.event_id LIMIT \(limit)
                """, logger: logger)
            for try await row in rows {
                let (event, attempts) = try Self.event(row)
                deliveries.append(PendingDelivery(event: event, attempts: attempts))
            }
            return deliveries
        }
    }

    public func claimDeliveries(webhook: String, limit: Int, at time: Date, lease: Duration) async throws(StorageError) -> [PendingDelivery] {
        let logger = logger, limit = max(limit, 0), now = time.timeIntervalSince1970, until = now + lease / .seconds(1)
        return try await write("claim deliveries") { connection in
            // SKIP LOCKED: a server claiming at the same moment takes the next rows rather than these.
            var deliveries: [PendingDelivery] = []
            let rows = try await connection.query("""
                WITH free AS (
                    SELECT event_id FROM served_outbox WHERE webhook = \(webhook) AND (leased_until IS NULL OR leased_until <= \(now))
                    ORDER BY event_id LIMIT \(limit) FOR UPDATE SKIP LOCKED),
                claimed AS (
                    UPDATE served_outbox o SET leased_until = \(until) FROM free WHERE o.webhook = \(webhook) AND o.event_id = free.event_id
                    RETURNING o.event_id, o.attempts)
                SELECT \(unescaped: Self.eventColumns), claimed.attempts FROM claimed JOIN served_event e ON e.id = claimed.event_id ORDER BY e.id
                """, logger: logger)
            for try await row in rows {
                let (event, attempts) = try Self.event(row)
                deliveries.append(PendingDelivery(event: event, attempts: attempts))
            }
            return deliveries
        }
    }

    public func releaseDeliveries(eventIDs: [Int64], webhook: String) async throws(StorageError) {
        guard !eventIDs.isEmpty else { return }
        let logger = logger
        try await write("release deliveries") { connection in
            _ = try await connection.query("UPDATE served_outbox SET leased_until = NULL WHERE webhook = \(webhook) AND event_id = ANY(\(eventIDs))",
                                       logger: logger)
        }
    }

    public func delivered(eventID: Int64, webhook: String) async throws(StorageError) {
        let logger = logger
        try await write("mark delivered") { connection in
            _ = try await connection.query("""
                WITH taken AS (DELETE FROM served_outbox WHERE event_id = \(eventID) AND webhook = \(webhook))
                UPDATE served_webhook SET failing_since = NULL WHERE url = \(webhook) AND failing_since IS NOT NULL
                """, logger: logger)
        }
    }

    public func deliveryFailed(eventID: Int64, webhook: String, at time: Date) async throws(StorageError) -> Date {
        let logger = logger, now = time.timeIntervalSince1970
        return try await write("count a failed delivery") { connection in
            _ = try await connection.query("UPDATE served_outbox SET attempts = attempts + 1 WHERE event_id = \(eventID) AND webhook = \(webhook)",
                                           logger: logger)
            var since = now
            let rows = try await connection.query("""
                UPDATE served_webhook SET failing_since = coalesce(failing_since, \(now)) WHERE url = \(webhook) RETURNING failing_since
                """, logger: logger)
            for try await first in rows.decode(Double.self) { since = first }
            return Date(timeIntervalSince1970: since)
        }
    }

    public func deadLetter(webhook: String, at time: Date) async throws(StorageError) -> Int {
        let logger = logger, now = time.timeIntervalSince1970
        return try await write("move to the dead letters") { connection in
            // One statement, so an event queued meanwhile is either moved or left queued, never dropped.
            var moved = 0
            let rows = try await connection.query("""
                WITH taken AS (DELETE FROM served_outbox WHERE webhook = \(webhook) RETURNING event_id, webhook, attempts),
                kept AS (INSERT INTO served_dead_letter (event_id, webhook, attempts, dead_at) SELECT event_id, webhook, attempts, \(now) FROM taken
                    ON CONFLICT DO NOTHING)
                SELECT count(*) FROM taken
                """, logger: logger)
            for try await count in rows.decode(Int.self) { moved = count }
            return moved
        }
    }

    public func outboxDepth() async throws(StorageError) -> Int { try await rows(of: "served_outbox", "count the outbox") }

    public func deadLetterCount() async throws(StorageError) -> Int { try await rows(of: "served_dead_letter", "count the dead letters") }

    /// How many rows `table` (one of this file's, never input) holds.
    private func rows(of table: String, _ what: String) async throws(StorageError) -> Int {
        let logger = logger
        return try await read(what) { connection in
            var rows = 0
            for try await count in try await connection.query("SELECT count(*) FROM \(unescaped: table)", logger: logger).decode(Int.self) {
                rows = count
            }
            return rows
        }
    }

    /// The event's columns in `event(_:)`'s order; no outbox column shares a name with them, so they serve the join too.
    static let eventColumns = "id, kind, chain_id::text, safe, hash, owner, transaction_hash, token, value::text, token_id::text, failed, block, dedup_key, created_at"

    /// Stores `events` inside the caller's transaction (one already stored under its dedup key is
    /// skipped) and queues each for every webhook; answers how many were stored. The transaction
    /// is a `write`'s, which holds `EventOrderLock`, so the IDs become visible in order.
    @discardableResult
    static func insert(_ events: [ServedEvent], _ connection: PostgresConnection, logger: Logger) async throws -> Int {
        guard !events.isEmpty else { return 0 }
        // One round trip for all of a write's events and their outbox rows: each statement costs
        // this process a wake-up on both sides, which the server's profile showed.
        var q = PostgresQuery.StringInterpolation(literalCapacity: 256 + 128 * events.count, interpolationCount: 13 * events.count)
        q.appendLiteral("""
            WITH event AS (
                INSERT INTO served_event (kind, chain_id, safe, hash, owner, transaction_hash, token, value, token_id, failed, block, dedup_key, created_at)
                VALUES
            """)
        for (i, e) in events.enumerated() {
            q.appendLiteral(i == 0 ? " (" : ", (")
            q.appendInterpolation(e.kind.rawValue)
            q.appendLiteral(", ")
            q.appendInterpolation(String(e.chainID))
            q.appendLiteral("::numeric, ")
            q.appendInterpolation(e.safe.checksummed)
            q.appendLiteral(", ")
            q.appendInterpolation(e.hash.map { Hex.encode($0) })
            q.appendLiteral(", ")
            q.appendInterpolation(e.owner?.checksummed)
            q.appendLiteral(", ")
            q.appendInterpolation(e.transactionHash.map { Hex.encode($0) })
            q.appendLiteral(", ")
            q.appendInterpolation(e.token?.checksummed)
            q.appendLiteral(", ")
            q.appendInterpolation(e.value.map { String($0) })
            q.appendLiteral("::numeric, ")
            q.appendInterpolation(e.tokenID.map { String($0) })
            q.appendLiteral("::numeric, ")
            q.appendInterpolation(e.failed)
            q.appendLiteral(", ")
            q.appendInterpolation(e.block.map { Int64(clamping: $0) })
            q.appendLiteral(", ")
            q.appendInterpolation(e.dedupKey)
            q.appendLiteral(", ")
            q.appendInterpolation(e.createdAt.timeIntervalSince1970)
            q.appendLiteral(")")
        }
        q.appendLiteral("""

                ON CONFLICT (dedup_key) DO NOTHING RETURNING id),
            queued AS (INSERT INTO served_outbox (event_id, webhook) SELECT event.id, served_webhook.url FROM event CROSS JOIN served_webhook)
            SELECT id FROM event
            """)
        var stored = 0
        for try await _ in try await connection.query(PostgresQuery(stringInterpolation: q), logger: logger).decode(Int64.self) { stored += 1 }
        return stored
    }

    static func event(_ row: PostgresRow) throws -> (event: ServedEvent, attempts: Int) {
        let (id, kindText, chain, safeText, hash, owner, transactionHash, token, value, tokenID, failed, block, dedupKey, created, attempts) =
            try row.decode((Int64, String, String, String, String?, String?, String?, String?, String?, String?, Bool?, Int64?, String?, Double, Int).self)
        guard let kind = ServedEvent.Kind(rawValue: kindText), let chainID = BigUInt(chain, radix: 10) else {
            throw StorageError("a stored event is unreadable")
        }
        let event = ServedEvent(kind, chainID: chainID, safe: try Address(safeText), hash: try hash.map { try Hex.decode($0) },
                                owner: try owner.map { try Address($0) }, transactionHash: try transactionHash.map { try Hex.decode($0) },
                                token: try token.map { try Address($0) }, value: value.flatMap { BigUInt($0, radix: 10) },
                                tokenID: tokenID.flatMap { BigUInt($0, radix: 10) }, failed: failed, block: block.map { BigUInt($0) }, dedupKey: dedupKey,
                                at: Date(timeIntervalSince1970: created), id: id)
        return (event, attempts)
    }
}
