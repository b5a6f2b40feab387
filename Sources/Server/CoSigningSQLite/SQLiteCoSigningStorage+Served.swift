import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import GRDB
import Storage

// Execution marks, served Safes, delegates and the follower's block, in the same SQLite file.
extension SQLiteCoSigningStorage {
    public func markExecuted(_ safeTxHash: [UInt8], transactionHash: [UInt8], block: BigUInt?, successful: Bool,
                             at time: Date) async throws(StorageError) -> Bool {
        let hash = Hex.encode(safeTxHash), executed = Hex.encode(transactionHash)
        return try await write { db in
            let status: SafeTransactionStatus = successful ? .executed : .failed
            try db.execute(sql: """
                UPDATE safeTransaction SET executionHash = ?, status = ?, updatedAt = ?
                WHERE safeTxHash = ? AND executionHash IS NULL
                """, arguments: [executed, status.rawValue, time, hash])
            guard db.changesCount > 0 else { return false }
            if let row = try Row.fetchOne(db, sql: "SELECT chainId, safe FROM safeTransaction WHERE safeTxHash = ?", arguments: [hash]),
               let chainID = BigUInt(row["chainId"] as String, radix: 10), let safe = try? Address(row["safe"] as String) {
                try ServedEventRows.insert([ServedEvent(.executedMultisigTransaction, chainID: chainID, safe: safe, hash: safeTxHash,
                                                        transactionHash: transactionHash, failed: !successful, block: block, at: time)], db)
            }
            return true
        }
    }

    public func markReplaced(chainID: BigUInt, safe: Address, below nonce: BigUInt, at time: Date) async throws(StorageError) -> Int {
        let chain = String(chainID), address = safe.checksummed
        return try await write { db in
            try db.execute(sql: """
                UPDATE safeTransaction SET status = ?, updatedAt = ?
                WHERE chainId = ? AND safe = ? AND status = ? AND nonce < ?
                """, arguments: [SafeTransactionStatus.replaced.rawValue, time, chain, address, SafeTransactionStatus.queued.rawValue,
                                 StoredInteger(nonce)])
            return db.changesCount
        }
    }

    public func remember(_ safe: ServedSafe) async throws(StorageError) {
        try await write { db in
            let key: [any DatabaseValueConvertible] = [String(safe.chainID), safe.address.checksummed]
            try db.execute(sql: """
                INSERT INTO servedSafe (chainId, address, threshold, nonce, version, readAt) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (chainId, address) DO UPDATE SET threshold = excluded.threshold, nonce = excluded.nonce,
                    version = excluded.version, readAt = excluded.readAt
                """, arguments: StatementArguments(key + [safe.threshold, String(safe.nonce), safe.version, safe.readAt.timeIntervalSince1970]))
            try db.execute(sql: "DELETE FROM servedSafeOwner WHERE chainId = ? AND safe = ?", arguments: StatementArguments(key))
            for (position, owner) in safe.owners.enumerated() {
                try db.execute(sql: "INSERT INTO servedSafeOwner (chainId, safe, owner, position) VALUES (?, ?, ?, ?)",
                               arguments: StatementArguments(key + [owner.checksummed, position]))
            }
        }
    }

    public func servedSafes(chainID: BigUInt) async throws(StorageError) -> [ServedSafe] {
        let chain = String(chainID)
        return try await read { db in
            try String.fetchAll(db, sql: "SELECT address FROM servedSafe WHERE chainId = ? ORDER BY address", arguments: [chain])
                .compactMap { try Self.servedSafe(chain, $0, db) }
        }
    }

    public func safes(ownedBy owner: Address, chainID: BigUInt) async throws(StorageError) -> [ServedSafe] {
        let chain = String(chainID), who = owner.checksummed
        return try await read { db in
            try String.fetchAll(db, sql: "SELECT safe FROM servedSafeOwner WHERE chainId = ? AND owner = ? ORDER BY safe", arguments: [chain, who])
                .compactMap { try Self.servedSafe(chain, $0, db) }
        }
    }

    public func saveDelegate(_ d: ServedDelegate) async throws(StorageError) {
        let values: [(any DatabaseValueConvertible)?] = [String(d.chainID), d.safe?.checksummed ?? "", d.delegate.checksummed, d.delegator.checksummed,
                                                         d.label, d.expiry?.timeIntervalSince1970]
        let arguments = StatementArguments(values.map { $0?.databaseValue ?? .null })
        try await write { db in
            try db.execute(sql: """
                INSERT INTO servedDelegate (chainId, safe, delegate, delegator, label, expiry) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (chainId, safe, delegate, delegator) DO UPDATE SET label = excluded.label, expiry = excluded.expiry
                """, arguments: arguments)
        }
    }

    public func delegates(_ q: DelegateQuery) async throws(StorageError) -> (count: Int, page: [ServedDelegate]) {
        var filter = "chainId = ?"
        var values: [DatabaseValue] = [String(q.chainID).databaseValue]
        for (column, value) in [("safe", q.safe?.checksummed), ("delegate", q.delegate?.checksummed), ("delegator", q.delegator?.checksummed),
                                ("label", q.label)] {
            guard let value else { continue }
            filter += " AND \(column) = ?"
            values.append(value.databaseValue)
        }
        let sql = filter, arguments = values, limit = max(q.limit, 0), offset = max(q.offset, 0)
        return try await read { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM servedDelegate WHERE \(sql)", arguments: StatementArguments(arguments)) ?? 0
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM servedDelegate WHERE \(sql) ORDER BY id LIMIT ? OFFSET ?",
                                        arguments: StatementArguments(arguments + [limit.databaseValue, offset.databaseValue]))
            return (count, try rows.map(Self.delegate))
        }
    }

    public func removeDelegate(chainID: BigUInt, delegate: Address, delegator: Address, safe: Address?) async throws(StorageError) -> Int {
        var sql = "DELETE FROM servedDelegate WHERE chainId = ? AND delegate = ? AND delegator = ?"
        var values: [DatabaseValue] = [String(chainID).databaseValue, delegate.checksummed.databaseValue, delegator.checksummed.databaseValue]
        if let safe {
            sql += " AND safe = ?"
            values.append(safe.checksummed.databaseValue)
        }
        let statement = sql, arguments = values
        return try await write { db in
            try db.execute(sql: statement, arguments: StatementArguments(arguments))
            return db.changesCount
        }
    }

    public func followedBlock(chainID: BigUInt) async throws(StorageError) -> BigUInt? {
        try await block("SELECT block FROM followState WHERE chainId = ?", chainID: chainID, what: "the followed block")
    }

    /// The block number `sql` reads for the chain, kept as decimal text; nil when there is none.
    func block(_ sql: String, chainID: BigUInt, what: String) async throws(StorageError) -> BigUInt? {
        let chain = String(chainID)
        let text = try await read { db in try String.fetchOne(db, sql: sql, arguments: [chain]) }
        guard let text else { return nil }
        guard let block = BigUInt(text, radix: 10) else { throw StorageError("\(what) \(text) is not a number") }
        return block
    }

    public func setFollowedBlock(_ block: BigUInt, chainID: BigUInt) async throws(StorageError) {
        let arguments: StatementArguments = [String(chainID), String(block)]
        try await write { db in
            try db.execute(sql: "INSERT INTO followState (chainId, block) VALUES (?, ?) ON CONFLICT (chainId) DO UPDATE SET block = excluded.block",
                           arguments: arguments)
        }
    }

    private static func servedSafe(_ chain: String, _ address: String, _ db: Database) throws -> ServedSafe? {
        guard let r = try Row.fetchOne(db, sql: "SELECT * FROM servedSafe WHERE chainId = ? AND address = ?", arguments: [chain, address]) else {
            return nil
        }
        let owners = try String.fetchAll(db, sql: "SELECT owner FROM servedSafeOwner WHERE chainId = ? AND safe = ? ORDER BY position",
                                         arguments: [chain, address])
        guard let chainID = BigUInt(chain, radix: 10), let nonce = BigUInt(r["nonce"] as String, radix: 10),
              let safe = try? Address(address), let ownerAddresses = try? owners.map({ try Address($0) }) else {
            throw StorageError("the served Safe \(address) does not read back")
        }
        return ServedSafe(chainID: chainID, address: safe, owners: ownerAddresses, threshold: r["threshold"], nonce: nonce, version: r["version"],
                          readAt: Date(timeIntervalSince1970: r["readAt"]))
    }

    private static func delegate(_ r: Row) throws -> ServedDelegate {
        let safe = r["safe"] as String
        let safeAddress: Address? = safe.isEmpty ? nil : try? Address(safe)
        guard let chainID = BigUInt(r["chainId"] as String, radix: 10), let delegate = try? Address(r["delegate"] as String),
              let delegator = try? Address(r["delegator"] as String), safe.isEmpty || safeAddress != nil else {
            throw StorageError("a delegate does not read back")
        }
        return ServedDelegate(chainID: chainID, safe: safeAddress, delegate: delegate, delegator: delegator, label: r["label"],
                              expiry: (r["expiry"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
}
