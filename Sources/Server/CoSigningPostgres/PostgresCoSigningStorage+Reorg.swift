import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import PostgresNIO
import Storage

// The blocks the follower read, and taking back what it read of blocks the chain dropped.
extension PostgresCoSigningStorage {
    public func followedHashes(chainID: BigUInt) async throws(StorageError) -> [(number: BigUInt, hash: [UInt8])] {
        let chain = String(chainID), logger = logger
        return try await read("read the followed hashes") { connection in
            var hashes: [(number: BigUInt, hash: [UInt8])] = []
            let rows = try await connection.query("SELECT number, hash FROM followed_hash WHERE chain_id = \(chain)::numeric ORDER BY number DESC",
                                                  logger: logger)
            for try await (number, hash) in rows.decode((Int64, String).self) { hashes.append((BigUInt(number), try Hex.decode(hash))) }
            return hashes
        }
    }

    public func executionBlocks(_ safeTxHashes: [[UInt8]]) async throws(StorageError) -> [[UInt8]: BigUInt] {
        guard !safeTxHashes.isEmpty else { return [:] }
        let keys = safeTxHashes.map { Hex.encode($0) }, kind = ServedEvent.Kind.executedMultisigTransaction.rawValue, logger = logger
        return try await read("read execution blocks") { connection in
            var blocks: [[UInt8]: BigUInt] = [:]
            let rows = try await connection.query("""
                SELECT e.hash, max(e.block) FROM served_event e
                JOIN safe_transaction t ON t.safe_tx_hash = e.hash AND t.execution_hash = e.transaction_hash
                WHERE e.kind = \(kind) AND e.block IS NOT NULL AND e.hash = ANY(\(keys)) GROUP BY e.hash
                """, logger: logger)
            for try await (hash, block) in rows.decode((String, Int64).self) { blocks[try Hex.decode(hash)] = BigUInt(block) }
            return blocks
        }
    }

    public func rememberBlocks(_ blocks: [(number: BigUInt, hash: [UInt8])], chainID: BigUInt, keepingFrom: BigUInt) async throws(StorageError) {
        let chain = String(chainID), rows = blocks.map { (Int64(clamping: $0.number), Hex.encode($0.hash)) }, first = Int64(clamping: keepingFrom)
        let logger = logger
        try await write("remember the blocks read") { connection in
            for (number, hash) in rows {
                try await connection.query("""
                    INSERT INTO followed_hash (chain_id, number, hash) VALUES (\(chain)::numeric, \(number), \(hash))
                    ON CONFLICT (chain_id, number) DO UPDATE SET hash = EXCLUDED.hash
                    """, logger: logger)
            }
            _ = try await connection.query("DELETE FROM followed_hash WHERE chain_id = \(chain)::numeric AND number < \(first)", logger: logger)
        }
    }

    public func rewind(chainID: BigUInt, after block: BigUInt, at time: Date) async throws(StorageError) -> [Address] {
        let chain = String(chainID), fork = Int64(clamping: block), at = time.timeIntervalSince1970, logger = logger
        let queued = SafeTransactionStatus.queued.rawValue, replaced = SafeTransactionStatus.replaced.rawValue
        let executed = ServedEvent.Kind.executedMultisigTransaction.rawValue
        return try await write("rewind after block \(block)") { connection in
            var safes: [Address] = [], unmarked: [(Address, [UInt8])] = []
            let rows = try await connection.query("""
                SELECT id, kind, safe, hash, transaction_hash, dedup_key FROM served_event
                WHERE chain_id = \(chain)::numeric AND block > \(fork) ORDER BY id FOR UPDATE
                """, logger: logger)
            var dropped: [(Int64, String, String, String?, String?, String?)] = []
            for try await row in rows.decode((Int64, String, String, String?, String?, String?).self) { dropped.append(row) }
            for (id, kind, safeText, hash, executedBy, dedupKey) in dropped {
                guard let safe = try? Address(safeText) else { continue }
                if !safes.contains(safe) { safes.append(safe) }
                if kind == executed, let hash, let executedBy {
                    let changed = try await connection.query("""
                        UPDATE safe_transaction SET execution_hash = NULL, status = \(queued), updated_at = \(at)
                        WHERE safe_tx_hash = \(hash) AND execution_hash = \(executedBy) RETURNING 1
                        """, logger: logger).collect()
                    if !changed.isEmpty, let bytes = try? Hex.decode(hash) { unmarked.append((safe, bytes)) }
                }
                // A log read again in the chain that stands is announced again.
                if dedupKey != nil { _ = try await connection.query("UPDATE served_event SET dedup_key = NULL WHERE id = \(id)", logger: logger) }
            }
            for safe in safes {
                _ = try await connection.query("""
                    UPDATE safe_transaction SET status = \(queued), updated_at = \(at)
                    WHERE chain_id = \(chain)::numeric AND safe = \(safe.checksummed) AND status = \(replaced)
                    """, logger: logger)
            }
            _ = try await connection.query("DELETE FROM followed_hash WHERE chain_id = \(chain)::numeric AND number > \(fork)", logger: logger)
            _ = try await connection.query("""
                INSERT INTO follow_state (chain_id, block) VALUES (\(chain)::numeric, \(String(block))::numeric)
                ON CONFLICT (chain_id) DO UPDATE SET block = EXCLUDED.block
                """, logger: logger)
            try await Self.insert(ServedEvent.rewound(chainID: chainID, safes: safes, unmarked: unmarked, after: block, at: time), connection, logger: logger)
            return safes
        }
    }
}
