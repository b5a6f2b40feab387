import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import GRDB
import Storage

// The blocks the follower read, and taking back what it read of blocks the chain dropped.
extension SQLiteCoSigningStorage {
    public func followedHashes(chainID: BigUInt) async throws(StorageError) -> [(number: BigUInt, hash: [UInt8])] {
        let chain = String(chainID)
        return try await read { db in
            try Row.fetchAll(db, sql: "SELECT number, hash FROM followedHash WHERE chainId = ? ORDER BY number DESC", arguments: [chain]).map { row in
                (BigUInt(row["number"] as Int64), try Hex.decode(row["hash"] as String))
            }
        }
    }

    public func executionBlocks(_ safeTxHashes: [[UInt8]]) async throws(StorageError) -> [[UInt8]: BigUInt] {
        guard !safeTxHashes.isEmpty else { return [:] }
        let keys = safeTxHashes.map { Hex.encode($0) }, marks = Array(repeating: "?", count: keys.count).joined(separator: ", ")
        let kind = ServedEvent.Kind.executedMultisigTransaction.rawValue
        return try await read { db in
            var blocks: [[UInt8]: BigUInt] = [:]
            let rows = try Row.fetchAll(db, sql: """
                SELECT e.hash AS hash, MAX(e.block) AS block FROM servedEvent e
                JOIN safeTransaction t ON t.safeTxHash = e.hash AND t.executionHash = e.transactionHash
                WHERE e.kind = ? AND e.block IS NOT NULL AND e.hash IN (\(marks)) GROUP BY e.hash
                """, arguments: StatementArguments([kind] + keys))
            for row in rows { blocks[try Hex.decode(row["hash"] as String)] = BigUInt(row["block"] as Int64) }
            return blocks
        }
    }

    public func rememberBlocks(_ blocks: [(number: BigUInt, hash: [UInt8])], chainID: BigUInt, keepingFrom: BigUInt) async throws(StorageError) {
        let chain = String(chainID), rows = blocks.map { (Int64(clamping: $0.number), Hex.encode($0.hash)) }, first = Int64(clamping: keepingFrom)
        try await write { db in
            for (number, hash) in rows {
                try db.execute(sql: "INSERT OR REPLACE INTO followedHash (chainId, number, hash) VALUES (?, ?, ?)", arguments: [chain, number, hash])
            }
            try db.execute(sql: "DELETE FROM followedHash WHERE chainId = ? AND number < ?", arguments: [chain, first])
        }
    }

    public func rewind(chainID: BigUInt, after block: BigUInt, at time: Date) async throws(StorageError) -> [Address] {
        let chain = String(chainID), fork = Int64(clamping: block)
        return try await write { db in
            let dropped = try Row.fetchAll(db, sql: """
                SELECT id, kind, safe, hash, transactionHash, dedupKey FROM servedEvent WHERE chainId = ? AND block > ? ORDER BY id
                """, arguments: [chain, fork])
            var safes: [Address] = [], unmarked: [(Address, [UInt8])] = []
            for row in dropped {
                guard let safe = try? Address(row["safe"] as String) else { continue }
                if !safes.contains(safe) { safes.append(safe) }
                if row["kind"] == ServedEvent.Kind.executedMultisigTransaction.rawValue, let hash = row["hash"] as String?,
                   let executedBy = row["transactionHash"] as String? {
                    try db.execute(sql: """
                        UPDATE safeTransaction SET executionHash = NULL, status = ?, updatedAt = ? WHERE safeTxHash = ? AND executionHash = ?
                        """, arguments: [SafeTransactionStatus.queued.rawValue, time, hash, executedBy])
                    if db.changesCount > 0, let bytes = try? Hex.decode(hash) { unmarked.append((safe, bytes)) }
                }
                // A log read again in the chain that stands is announced again.
                if row["dedupKey"] as String? != nil { try db.execute(sql: "UPDATE servedEvent SET dedupKey = NULL WHERE id = ?", arguments: [row["id"] as Int64]) }
            }
            for safe in safes {
                try db.execute(sql: "UPDATE safeTransaction SET status = ?, updatedAt = ? WHERE chainId = ? AND safe = ? AND status = ?",
                               arguments: [SafeTransactionStatus.queued.rawValue, time, chain, safe.checksummed, SafeTransactionStatus.replaced.rawValue])
            }
            try db.execute(sql: "DELETE FROM followedHash WHERE chainId = ? AND number > ?", arguments: [chain, fork])
            try db.execute(sql: "INSERT INTO followState (chainId, block) VALUES (?, ?) ON CONFLICT (chainId) DO UPDATE SET block = excluded.block",
                           arguments: [chain, String(block)])
            try ServedEventRows.insert(ServedEvent.rewound(chainID: chainID, safes: safes, unmarked: unmarked, after: block, at: time), db)
            return safes
        }
    }
}
