import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import PostgresNIO
import SafeKit
import Storage

// Served transactions and their confirmations. Writes lock the transaction's row first, so
// concurrent confirmations of one transaction queue up instead of racing a delete.
extension PostgresCoSigningStorage {
    public func save(_ tx: SafeTx, safeTxHash: [UInt8], proposer: Address, proposedByDelegate: Address?, origin: String?,
                     confirmations: [SafeSignature], at time: Date) async throws(StorageError) -> SafeTransactionEntry {
        try SafeTxColumns.check(tx, hashesTo: safeTxHash)
        let hash = Hex.encode(safeTxHash), at = time.timeIntervalSince1970, logger = logger
        return try await write("save \(hash)") { connection in
            let created = try await connection.query("""
                INSERT INTO safe_transaction (safe_tx_hash, chain_id, safe, safe_version, to_address, value, data, operation, safe_tx_gas,
                    base_gas, gas_price, gas_token, refund_receiver, nonce, status, summary, proposer, origin, created_at, updated_at)
                VALUES (\(hash), \(String(tx.chainID ?? 0))::numeric, \(tx.safe.checksummed), \(tx.version.rawValue), \(tx.to.checksummed),
                    \(String(tx.value))::numeric, \(Hex.encode(tx.data)), \(Int(tx.operation.rawValue)), \(String(tx.safeTxGas))::numeric,
                    \(String(tx.baseGas))::numeric, \(String(tx.gasPrice))::numeric, \(tx.gasToken.checksummed), \(tx.refundReceiver.checksummed),
                    \(String(tx.nonce))::numeric, \(SafeTransactionStatus.queued.rawValue), \(SafeSummary.describe(tx)), \(proposer.checksummed), \(origin), \(at), \(at))
                ON CONFLICT (safe_tx_hash) DO NOTHING RETURNING 1
                """, logger: logger).collect().count > 0
            // A row this write inserted is locked by it already and has no signatures yet.
            let signed: [SafeSignature]
            if created { signed = [] } else {
                guard let locked = try await Self.lock(hash, connection, logger: logger) else {
                    throw StorageError("the transaction \(hash) vanished while it was written")
                }
                signed = locked
            }
            let merged = try await Self.merge(confirmations, into: signed, hash: hash, at: at, new: created, connection, logger: logger)
            let stored: SafeTransactionEntry
            if created, let proposedByDelegate {
                // The first proposal of a hash says who sent it, as its proposer does.
                try await connection.query("INSERT INTO served_proposing_delegate (safe_tx_hash, delegate) VALUES (\(hash), \(proposedByDelegate.checksummed))",
                                           logger: logger)
            }
            if created {
                // A row this write inserted is what it sent, so it is not read back.
                stored = try PostgresTransactionRows.inserted(tx, hash: safeTxHash, proposer: proposer, origin: origin, signatures: merged.changed, at: at)
            } else {
                guard let read = try await PostgresTransactionRows.fetch([hash], connection, logger: logger).first else {
                    throw StorageError("the transaction \(hash) vanished while it was written")
                }
                stored = read
            }
            try await Self.announce(stored, created: created, before: merged.before, at: time, connection, logger: logger)
            return stored
        }
    }

    public func confirm(_ safeTxHash: [UInt8], with confirmations: [SafeSignature], at time: Date) async throws(StorageError) -> SafeTransactionEntry? {
        let hash = Hex.encode(safeTxHash), at = time.timeIntervalSince1970, logger = logger
        return try await write("confirm \(hash)") { connection -> SafeTransactionEntry? in
            guard let signed = try await Self.lock(hash, connection, logger: logger) else { return nil }
            let merged = try await Self.merge(confirmations, into: signed, hash: hash, at: at, connection, logger: logger)
            guard let stored = try await PostgresTransactionRows.fetch([hash], connection, logger: logger).first else { return nil }
            try await Self.announce(stored, created: false, before: merged.before, at: time, connection, logger: logger)
            return stored
        }
    }

    public func transaction(_ safeTxHash: [UInt8]) async throws(StorageError) -> SafeTransactionEntry? {
        let hash = Hex.encode(safeTxHash), logger = logger
        return try await read("read \(hash)") { connection in try await PostgresTransactionRows.fetch([hash], connection, logger: logger).first }
    }

    public func transactions(_ q: ServedTransactionQuery) async throws(StorageError) -> (count: Int, page: [SafeTransactionEntry]) {
        guard let range = q.nonceRange else { return (0, []) }
        let executed = q.executed, hash = q.safeTxHash.map { Hex.encode($0) }, logger = logger
        let low = String(range.lowerBound), high = range.upperBound.map { String($0) }
        // Ties keep insertion order in either direction, as the SQLite storage's stable sort does.
        let direction = q.descending ? "DESC" : "ASC"
        let order = switch q.order {
        case .nonce: "nonce \(direction), created_at \(direction), seq"
        case .created: "created_at \(direction), seq"
        case .modified: "updated_at \(direction), seq"
        }
        let limit = max(q.limit, 0), offset = max(q.offset, 0)
        // One statement answers both the count and the page, so they agree even if the page is empty.
        let query: PostgresQuery = """
            WITH matching AS (
                SELECT safe_tx_hash, nonce, created_at, updated_at, seq FROM safe_transaction
                WHERE chain_id = \(String(q.chainID))::numeric AND safe = \(q.safe.checksummed)
                    AND (\(executed)::boolean IS NULL OR (execution_hash IS NOT NULL) = \(executed)::boolean)
                    AND (\(hash)::text IS NULL OR safe_tx_hash = \(hash)::text)
                    AND nonce >= \(low)::numeric AND (\(high)::numeric IS NULL OR nonce <= \(high)::numeric))
            SELECT (SELECT count(*) FROM matching),
                ARRAY(SELECT safe_tx_hash FROM matching ORDER BY \(unescaped: order) LIMIT \(limit) OFFSET \(offset))
            """
        return try await read("list transactions") { connection in
            var answer: (count: Int, hashes: [String]) = (0, [])
            for try await row in try await connection.query(query, logger: logger).decode((Int, [String]).self) { answer = row }
            return (answer.count, try await PostgresTransactionRows.fetch(answer.hashes, connection, logger: logger))
        }
    }

    public func proposingDelegates(_ safeTxHashes: [[UInt8]]) async throws(StorageError) -> [[UInt8]: Address] {
        guard !safeTxHashes.isEmpty else { return [:] }
        let hashes = safeTxHashes.map { Hex.encode($0) }, logger = logger
        return try await read("read proposing delegates") { connection in
            var found: [[UInt8]: Address] = [:]
            let rows = try await connection.query("SELECT safe_tx_hash, delegate FROM served_proposing_delegate WHERE safe_tx_hash = ANY(\(hashes))",
                                                  logger: logger)
            for try await (hash, delegate) in rows.decode((String, String).self) { found[try Hex.decode(hash)] = try Address(delegate) }
            return found
        }
    }

    public func uniqueNonces(chainID: BigUInt, safe: Address) async throws(StorageError) -> Int {
        let query: PostgresQuery = """
            SELECT count(DISTINCT nonce) FROM safe_transaction WHERE chain_id = \(String(chainID))::numeric AND safe = \(safe.checksummed)
            """
        let logger = logger
        return try await read("count nonces") { connection in
            var count = 0
            for try await row in try await connection.query(query, logger: logger).decode(Int.self) { count = row }
            return count
        }
    }

    public func delete(_ safeTxHash: [UInt8], at time: Date) async throws(StorageError) -> Bool {
        let hash = Hex.encode(safeTxHash), logger = logger
        return try await write("delete \(hash)") { connection in
            // Confirmations go with it (ON DELETE CASCADE); an executed transaction stays whole.
            let rows = try await connection.query(
                "DELETE FROM safe_transaction WHERE safe_tx_hash = \(hash) AND execution_hash IS NULL RETURNING chain_id::text, safe", logger: logger)
            guard let row = try await rows.collect().first else { return false }
            let (chain, safe) = try row.decode((String, String).self)
            try await Self.insert([ServedEvent(.deletedMultisigTransaction, chainID: BigUInt(chain, radix: 10) ?? 0, safe: try Address(safe),
                                               hash: safeTxHash, at: time)], connection, logger: logger)
            return true
        }
    }


    /// Locks the transaction's row for this write and answers its stored signatures, oldest first,
    /// in the same round trip; nil when there is no such transaction.
    static func lock(_ hash: String, _ connection: PostgresConnection, logger: Logger) async throws -> [SafeSignature]? {
        let rows = try await connection.query("""
            SELECT s.owner, s.signature FROM safe_transaction t LEFT JOIN safe_signature s ON s.safe_tx_hash = t.safe_tx_hash
            WHERE t.safe_tx_hash = \(hash) ORDER BY s.added_at, s.seq FOR NO KEY UPDATE OF t
            """, logger: logger)
        var found = false, signatures: [SafeSignature] = []
        for try await (owner, signature) in rows.decode((String?, String?).self) {
            found = true
            guard let owner, let signature else { continue }
            signatures.append(try PostgresTransactionRows.signature(owner: owner, hex: signature, of: hash))
        }
        return found ? signatures : nil
    }

    /// Writes what `ConfirmationSet`'s rule changes when `confirmations` join `signed`, the stored ones;
    /// the caller holds the transaction's row lock, so concurrent writers merge one after another.
    /// Answers the owners who had signed before (nil when there was nothing to merge) and the signatures written.
    @discardableResult
    static func merge(_ confirmations: [SafeSignature], into signed: [SafeSignature], hash: String, at: Double, new: Bool = false,
                      _ connection: PostgresConnection, logger: Logger) async throws -> (before: Set<Address>?, changed: [SafeSignature]) {
        guard !confirmations.isEmpty else { return (nil, []) }
        // A row just inserted has its modification time from this write already.
        let stored = ConfirmationSet(signed)
        let changed = stored.merging(confirmations).changed
        for signature in changed {
            try await connection.query("""
                INSERT INTO safe_signature (safe_tx_hash, owner, signature, added_at)
                VALUES (\(hash), \(signature.owner.checksummed), \(Hex.encode(signature.bytes)), \(at))
                ON CONFLICT (safe_tx_hash, owner) DO UPDATE SET signature = EXCLUDED.signature, added_at = EXCLUDED.added_at
                """, logger: logger)
        }
        if !changed.isEmpty && !new {
            try await connection.query("UPDATE safe_transaction SET updated_at = \(at) WHERE safe_tx_hash = \(hash)", logger: logger)
        }
        return (Set(stored.signatures.map(\.owner)), changed)
    }

    /// Stores what a write announces, by `ServedEvent.transactionWritten`'s rule; `before` is nil
    /// when nothing was merged, so every stored signature was there already.
    static func announce(_ stored: SafeTransactionEntry, created: Bool, before: Set<Address>?, at time: Date, _ connection: PostgresConnection,
                         logger: Logger) async throws {
        let signers = created ? nil : before ?? Set(stored.storedSignatures.map(\.signature.owner))
        try await insert(ServedEvent.transactionWritten(before: signers, after: stored, at: time), connection, logger: logger)
    }
}
