import BigInt
import EthereumKit
import Foundation
import GRDB
import SafeKit

/// A co-signing server's transactions in one SQLite file (WAL): the default storage.
public final class SQLiteCoSigningStorage: CoSigningStorage {
    private let writer: any DatabaseWriter

    /// Opens (creating if needed) the database at `path`, 0600.
    public init(path: String) throws(StorageError) {
        do {
            var config = Configuration()
            config.busyMode = .timeout(5)
            let pool = try DatabasePool(path: path, configuration: config)
            chmod(path, 0o600)
            writer = pool
            try Self.migrator.migrate(writer)
        } catch {
            throw StorageError.wrap(error, "cannot open the co-signing database at \(path)")
        }
    }

    /// A fresh in-memory database, for tests.
    public init() throws(StorageError) {
        do {
            writer = try DatabaseQueue()
            try Self.migrator.migrate(writer)
        } catch {
            throw StorageError.wrap(error, "cannot create an in-memory co-signing database")
        }
    }

    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1: served transactions and confirmations") { db in
            try db.create(table: "servedTransaction") { t in
                t.primaryKey("safeTxHash", .text)
                SafeTxColumns.define(in: t)
                t.column("proposer", .text).notNull()
                t.column("origin", .text)
                t.column("createdAt", .double).notNull()
                t.column("modifiedAt", .double).notNull()
                t.column("executionHash", .text)
                t.column("isSuccessful", .boolean)
            }
            try db.create(index: "servedTransactionBySafe", on: "servedTransaction", columns: ["chainId", "safe"])
            try db.create(table: "servedConfirmation") { t in
                t.column("safeTxHash", .text).notNull().references("servedTransaction", onDelete: .cascade)
                t.column("owner", .text).notNull()
                t.column("signature", .text).notNull()
                t.column("createdAt", .double).notNull()
                t.primaryKey(["safeTxHash", "owner"])
            }
        }
        m.registerMigration("v2: replaced marks, served Safes and their owners, delegates, the follower's block") { db in
            try db.alter(table: "servedTransaction") { t in t.add(column: "isReplaced", .boolean).notNull().defaults(to: false) }
            try db.create(table: "servedSafe") { t in
                t.column("chainId", .text).notNull()
                t.column("address", .text).notNull()
                t.column("threshold", .integer).notNull()
                t.column("nonce", .text).notNull()
                t.column("version", .text).notNull()
                t.column("readAt", .double).notNull()
                t.primaryKey(["chainId", "address"])
            }
            try db.create(table: "servedSafeOwner") { t in
                t.column("chainId", .text).notNull()
                t.column("safe", .text).notNull()
                t.column("owner", .text).notNull()
                t.column("position", .integer).notNull()
                t.primaryKey(["chainId", "safe", "owner"])
            }
            try db.create(index: "servedSafeOwnerByOwner", on: "servedSafeOwner", columns: ["chainId", "owner"])
            try db.create(table: "servedDelegate") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("chainId", .text).notNull()
                // '' for a delegate of every Safe the delegator owns, so the unique key holds.
                t.column("safe", .text).notNull()
                t.column("delegate", .text).notNull()
                t.column("delegator", .text).notNull()
                t.column("label", .text).notNull()
                t.column("expiry", .double)
                t.uniqueKey(["chainId", "safe", "delegate", "delegator"])
            }
            try db.create(table: "followState") { t in
                t.primaryKey("chainId", .text)
                t.column("block", .text).notNull()
            }
        }
        m.registerMigration("v3: a nonce key that sorts as the number, so lists filter, sort and page in SQL") { db in
            try db.alter(table: "servedTransaction") { t in t.add(column: "nonceKey", .text).notNull().defaults(to: "") }
            for row in try Row.fetchAll(db, sql: "SELECT safeTxHash, nonce FROM servedTransaction") {
                try db.execute(sql: "UPDATE servedTransaction SET nonceKey = ? WHERE safeTxHash = ?",
                               arguments: [Self.nonceKey(BigUInt(row["nonce"] as String, radix: 10) ?? 0), row["safeTxHash"] as String])
            }
            try db.create(index: "servedTransactionByNonce", on: "servedTransaction", columns: ["chainId", "safe", "nonceKey"])
        }
        return m
    }

    public func save(_ tx: SafeTx, safeTxHash: [UInt8], proposer: Address, origin: String?, confirmations: [SafeSignature],
                     at time: Date) async throws(StorageError) -> ServedTransaction {
        try SafeTxColumns.check(tx, hashesTo: safeTxHash)
        let hash = Hex.encode(safeTxHash)
        let row: [DatabaseValue] = ([
            hash, String(tx.chainID ?? 0), tx.safe.checksummed, tx.version.rawValue, tx.to.checksummed, String(tx.value), Hex.encode(tx.data),
            Int(tx.operation.rawValue), String(tx.safeTxGas), String(tx.baseGas), String(tx.gasPrice), tx.gasToken.checksummed,
            tx.refundReceiver.checksummed, String(tx.nonce), Self.nonceKey(tx.nonce), proposer.checksummed, origin, time.timeIntervalSince1970,
            time.timeIntervalSince1970,
        ] as [(any DatabaseValueConvertible)?]).map { $0?.databaseValue ?? .null }
        return try await write { db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO servedTransaction (safeTxHash, chainId, safe, safeVersion, toAddress, value, data, operation, safeTxGas,
                    baseGas, gasPrice, gasToken, refundReceiver, nonce, nonceKey, proposer, origin, createdAt, modifiedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: StatementArguments(row))
            // A new row has no confirmations yet; an existing one merges with those it has.
            let stored = db.changesCount > 0 ? [] : try Self.confirmations(hash, db)
            try Self.merge(confirmations, into: ConfirmationSet(stored.map(\.signature)), hash: hash, at: time, db)
            guard let stored = try Self.fetch(hash, db) else { throw StorageError("the transaction \(hash) vanished while it was written") }
            return stored
        }
    }

    public func confirm(_ safeTxHash: [UInt8], with confirmations: [SafeSignature], at time: Date) async throws(StorageError) -> ServedTransaction? {
        let hash = Hex.encode(safeTxHash)
        return try await write { db in
            guard let stored = try Self.fetch(hash, db) else { return nil }
            try Self.merge(confirmations, into: stored.confirmationSet, hash: hash, at: time, db)
            return try Self.fetch(hash, db)
        }
    }

    public func transaction(_ safeTxHash: [UInt8]) async throws(StorageError) -> ServedTransaction? {
        let hash = Hex.encode(safeTxHash)
        return try await read { db in try Self.fetch(hash, db) }
    }

    public func transactions(_ q: ServedTransactionQuery) async throws(StorageError) -> (count: Int, page: [ServedTransaction]) {
        guard let range = q.nonceRange else { return (0, []) }
        var filter = "chainId = ? AND safe = ? AND nonceKey >= ?"
        var arguments: [DatabaseValue] = [String(q.chainID).databaseValue, q.safe.checksummed.databaseValue, Self.nonceKey(range.lowerBound).databaseValue]
        if let high = range.upperBound {
            filter += " AND nonceKey <= ?"
            arguments.append(Self.nonceKey(high).databaseValue)
        }
        if let executed = q.executed { filter += executed ? " AND executionHash IS NOT NULL" : " AND executionHash IS NULL" }
        if let hash = q.safeTxHash {
            filter += " AND safeTxHash = ?"
            arguments.append(Hex.encode(hash).databaseValue)
        }
        // Ties keep insertion order in either direction.
        let direction = q.descending ? "DESC" : "ASC"
        let order = switch q.order {
        case .nonce: "nonceKey \(direction), createdAt \(direction), rowid"
        case .created: "createdAt \(direction), rowid"
        case .modified: "modifiedAt \(direction), rowid"
        }
        let sql = filter, values = arguments, page: [DatabaseValue] = [max(q.limit, 0).databaseValue, max(q.offset, 0).databaseValue]
        return try await read { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM servedTransaction WHERE \(sql)", arguments: StatementArguments(values)) ?? 0
            let hashes = try String.fetchAll(db, sql: "SELECT safeTxHash FROM servedTransaction WHERE \(sql) ORDER BY \(order) LIMIT ? OFFSET ?",
                                             arguments: StatementArguments(values + page))
            return (count, try hashes.compactMap { try Self.fetch($0, db) })
        }
    }

    /// A nonce as 78 digits, zero-padded: text that sorts as the number does, up to 2^256.
    static func nonceKey(_ nonce: BigUInt) -> String {
        let digits = String(nonce)
        return String(repeating: "0", count: max(0, 78 - digits.count)) + digits
    }

    public func delete(_ safeTxHash: [UInt8]) async throws(StorageError) -> Bool {
        let hash = Hex.encode(safeTxHash)
        return try await write { db in
            // An executed transaction stays whole: its confirmations go only with a pending one.
            guard try Bool.fetchOne(db, sql: "SELECT executionHash IS NULL FROM servedTransaction WHERE safeTxHash = ?", arguments: [hash]) == true else {
                return false
            }
            try db.execute(sql: "DELETE FROM servedConfirmation WHERE safeTxHash = ?", arguments: [hash])
            try db.execute(sql: "DELETE FROM servedTransaction WHERE safeTxHash = ?", arguments: [hash])
            return true
        }
    }

    /// Writes what `ConfirmationSet`'s rule changes when `confirmations` join `stored`, in the
    /// caller's write; the transaction is modified when a confirmation was.
    private static func merge(_ confirmations: [SafeSignature], into stored: ConfirmationSet, hash: String, at time: Date, _ db: Database) throws {
        let changed = stored.merging(confirmations).changed
        for signature in changed {
            try db.execute(sql: """
                INSERT INTO servedConfirmation (safeTxHash, owner, signature, createdAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (safeTxHash, owner) DO UPDATE SET signature = excluded.signature, createdAt = excluded.createdAt
                """, arguments: [hash, signature.owner.checksummed, Hex.encode(signature.bytes), time.timeIntervalSince1970])
        }
        if !changed.isEmpty {
            try db.execute(sql: "UPDATE servedTransaction SET modifiedAt = ? WHERE safeTxHash = ?", arguments: [time.timeIntervalSince1970, hash])
        }
    }

    /// The stored transaction with its confirmations. The hash was checked and each signature
    /// recovered when written, so neither is computed again here.
    private static func fetch(_ hash: String, _ db: Database) throws -> ServedTransaction? {
        guard let r = try Row.fetchOne(db, sql: "SELECT * FROM servedTransaction WHERE safeTxHash = ?", arguments: [hash]) else { return nil }
        func number(_ column: String) throws -> BigUInt {
            guard let n = BigUInt(r[column] as String, radix: 10) else { throw StorageError("\(hash): \(column) is not a number") }
            return n
        }
        func address(_ column: String) throws -> Address {
            do { return try Address(r[column] as String) } catch { throw StorageError("\(hash): \(column) is not an address") }
        }
        guard let version = SafeVersion(rawValue: r["safeVersion"]), let operation = SafeOperation(rawValue: UInt8(clamping: r["operation"] as Int)),
              let data = try? Hex.decode(r["data"] as String) else { throw StorageError("\(hash) does not read back") }
        let tx = SafeTx(safe: try address("safe"), chainID: try number("chainId"), version: version, to: try address("toAddress"),
                        value: try number("value"), data: data, operation: operation, safeTxGas: try number("safeTxGas"),
                        baseGas: try number("baseGas"), gasPrice: try number("gasPrice"), gasToken: try address("gasToken"),
                        refundReceiver: try address("refundReceiver"), nonce: try number("nonce"))
        guard let safeTxHash = try? Hex.decode(hash) else { throw StorageError("\(hash) is not a hash") }
        let confirmations = try Self.confirmations(hash, db)
        return ServedTransaction(transaction: tx, safeTxHash: safeTxHash, proposer: try address("proposer"), origin: r["origin"],
                                 confirmations: confirmations, createdAt: Date(timeIntervalSince1970: r["createdAt"]),
                                 modifiedAt: Date(timeIntervalSince1970: r["modifiedAt"]),
                                 executionHash: (r["executionHash"] as String?).flatMap { try? Hex.decode($0) }, isSuccessful: r["isSuccessful"],
                                 isReplaced: r["isReplaced"])
    }

    /// The stored confirmations of `hash`, oldest first; the owner is the one stored with each
    /// signature, recovered when it was written.
    private static func confirmations(_ hash: String, _ db: Database) throws -> [ServedConfirmation] {
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM servedConfirmation WHERE safeTxHash = ? ORDER BY createdAt, rowid", arguments: [hash])
        return try rows.map { c -> ServedConfirmation in
            guard let bytes = try? Hex.decode(c["signature"] as String), let owner = try? Address(c["owner"] as String) else {
                throw StorageError("\(hash): a signature does not read")
            }
            return ServedConfirmation(signature: try SafeSignature(owner: owner, stored: bytes), createdAt: Date(timeIntervalSince1970: c["createdAt"]))
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StorageError) -> T {
        do { return try await writer.write(body) } catch { throw StorageError.wrap(error, "co-signing database write failed") }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StorageError) -> T {
        do { return try await writer.read(body) } catch { throw StorageError.wrap(error, "co-signing database read failed") }
    }
}
