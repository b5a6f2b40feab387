import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import PostgresNIO
import SafeKit
import Storage

// Served Safe messages and their signatures. Writes lock the message's row first, so concurrent
// signatures of one message merge one after another.
extension PostgresCoSigningStorage {
    public func saveMessage(_ m: SafeMessageEntry) async throws(StorageError) -> SafeMessageEntry {
        try m.checkHashes()
        let hash = Hex.encode(m.messageHash), logger = logger
        let created = m.createdAt.timeIntervalSince1970, updated = m.updatedAt.timeIntervalSince1970
        return try await write("save message \(hash)") { connection in
            let created = try await connection.query("""
                INSERT INTO safe_message (message_hash, chain_id, safe, safe_version, kind, message, proposer, created_at, updated_at, safe_app_id, origin)
                VALUES (\(hash), \(String(m.chainID))::numeric, \(m.safe.checksummed), \(m.version.rawValue), \(m.kind.rawValue), \(m.message),
                    \(m.proposer?.checksummed), \(created), \(updated), \(m.safeAppID), \(m.origin))
                ON CONFLICT (message_hash) DO NOTHING RETURNING 1
                """, logger: logger).collect().count > 0
            // The row is ours or an earlier write's: what that one left empty is filled by the one rule.
            let rows = try await connection.query("SELECT proposer, safe_app_id, origin FROM safe_message WHERE message_hash = \(hash) FOR NO KEY UPDATE",
                                                  logger: logger).collect()
            if let row = rows.first {
                let (proposer, appID, origin) = try row.decode((String?, Int?, String?).self)
                let stored = SafeMessageProvenance(proposer: proposer.flatMap { try? Address($0) }, safeAppID: appID, origin: origin)
                let kept = stored.filled(from: SafeMessageProvenance(m))
                if kept != stored {
                    try await connection.query("""
                        UPDATE safe_message SET proposer = \(kept.proposer?.checksummed), safe_app_id = \(kept.safeAppID), origin = \(kept.origin)
                        WHERE message_hash = \(hash)
                        """, logger: logger)
                }
            }
            return try await Self.mergeMessage(m.signatures, hash: hash, at: updated, created: created, connection, logger: logger)
        }
    }

    public func confirmMessage(_ messageHash: [UInt8], with signatures: [SafeSignature], at time: Date) async throws(StorageError) -> SafeMessageEntry? {
        let hash = Hex.encode(messageHash), logger = logger
        return try await write("sign message \(hash)") { connection -> SafeMessageEntry? in
            guard try await !connection.query("SELECT 1 FROM safe_message WHERE message_hash = \(hash)", logger: logger).collect().isEmpty else { return nil }
            return try await Self.mergeMessage(signatures, hash: hash, at: time.timeIntervalSince1970, created: false, connection, logger: logger)
        }
    }

    public func message(_ messageHash: [UInt8]) async throws(StorageError) -> SafeMessageEntry? {
        let hash = Hex.encode(messageHash), logger = logger
        return try await read("read message \(hash)") { connection in try await PostgresMessageRows.fetch([hash], connection, logger: logger).first }
    }

    public func messages(chainID: BigUInt, safe: Address, limit: Int, offset: Int) async throws(StorageError) -> (count: Int, page: [SafeMessageEntry]) {
        let logger = logger, chain = String(chainID), address = safe.checksummed, limit = max(limit, 0), offset = max(offset, 0)
        let query: PostgresQuery = """
            WITH matching AS (SELECT message_hash, created_at, seq FROM safe_message WHERE chain_id = \(chain)::numeric AND safe = \(address))
            SELECT (SELECT count(*) FROM matching),
                ARRAY(SELECT message_hash FROM matching ORDER BY created_at DESC, seq DESC LIMIT \(limit) OFFSET \(offset))
            """
        return try await read("list messages") { connection in
            var answer: (count: Int, hashes: [String]) = (0, [])
            for try await row in try await connection.query(query, logger: logger).decode((Int, [String]).self) { answer = row }
            return (answer.count, try await PostgresMessageRows.fetch(answer.hashes, connection, logger: logger))
        }
    }

    /// Locks the message's row, writes what `ConfirmationSet`'s rule changes when `signatures` join
    /// the stored ones, and answers the message as stored.
    static func mergeMessage(_ signatures: [SafeSignature], hash: String, at: Double, created: Bool, _ connection: PostgresConnection,
                             logger: Logger) async throws -> SafeMessageEntry {
        guard try await !connection.query("SELECT 1 FROM safe_message WHERE message_hash = \(hash) FOR NO KEY UPDATE", logger: logger).collect().isEmpty,
              let stored = try await PostgresMessageRows.fetch([hash], connection, logger: logger).first else {
            throw StorageError("the Safe message \(hash) vanished while it was written")
        }
        let changed = ConfirmationSet(stored.signatures).merging(signatures).changed
        let before = created ? nil : Set(stored.signatures.map(\.owner))
        guard !changed.isEmpty else {
            // A new message without signatures is still news.
            try await insert(ServedEvent.messageWritten(before: before, after: stored, at: Date(timeIntervalSince1970: at)), connection, logger: logger)
            return stored
        }
        for signature in changed {
            try await connection.query("""
                INSERT INTO safe_message_signature (message_hash, owner, signature, added_at)
                VALUES (\(hash), \(signature.owner.checksummed), \(Hex.encode(signature.bytes)), \(at))
                ON CONFLICT (message_hash, owner) DO UPDATE SET signature = EXCLUDED.signature, added_at = EXCLUDED.added_at
                """, logger: logger)
        }
        try await connection.query("UPDATE safe_message SET updated_at = \(at) WHERE message_hash = \(hash)", logger: logger)
        guard let written = try await PostgresMessageRows.fetch([hash], connection, logger: logger).first else {
            throw StorageError("the Safe message \(hash) vanished while it was written")
        }
        try await insert(ServedEvent.messageWritten(before: before, after: written, at: Date(timeIntervalSince1970: at)), connection, logger: logger)
        return written
    }
}
