import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import GRDB
import SafeKit
import Storage

/// A co-signing server's transactions in one SQLite file (WAL): the default storage.
public final class SQLiteCoSigningStorage: CoSigningStorage {
    private let writer: any DatabaseWriter
    /// Every write goes through here: concurrent writes share one transaction and one sync.
    private let commits: GroupCommit<@Sendable (Database) throws -> Void>

    /// Opens (creating if needed) the database at `path`, 0600.
    public init(path: String) throws(StorageError) {
        do {
            var config = Configuration()
            config.busyMode = .timeout(5)
            let pool = try DatabasePool(path: path, configuration: config)
            // GRDB's WAL default (NORMAL) syncs only at checkpoints: a commit would survive kill -9
            // but not a power cut. FULL syncs each commit, and group commit makes that one sync a group.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            chmod(path, 0o600)
            writer = pool
            commits = Self.groupCommit(pool)
            try Self.migrator.migrate(writer)
        } catch {
            throw StorageError.wrap(error, "cannot open the co-signing database at \(path)")
        }
    }

    /// A fresh in-memory database, for tests.
    public init() throws(StorageError) {
        do {
            let queue = try DatabaseQueue()
            writer = queue
            commits = Self.groupCommit(queue)
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
        m.registerMigration("v4: the wallet's safeTransaction and safeSignature tables, one column set for both") { db in
            try CoSigningMigrationV4.migrate(db)
        }
        m.registerMigration("v5: the wallet's safeMessage and safeMessageSignature tables") { db in
            try SafeMessageTables.createAll(db)
        }
        m.registerMigration("v6: events, the webhooks and their outbox") { db in
            try ServedEventRows.createTables(db)
        }
        m.registerMigration("v7: when a webhook began failing, and the dead letters of one that stayed dead") { db in
            try ServedEventRows.createDeadLetters(db)
        }
        m.registerMigration("v8: the delegate that sent a delegator's proposal") { db in
            try db.execute(sql: """
                CREATE TABLE servedProposingDelegate (
                    safeTxHash TEXT PRIMARY KEY NOT NULL REFERENCES safeTransaction(safeTxHash) ON DELETE CASCADE,
                    delegate TEXT NOT NULL
                )
                """)
        }
        m.registerMigration("v9: until when a delivery claimed from the outbox is held") { db in
            try db.alter(table: "servedOutbox") { t in t.add(column: "leasedUntil", .double) }
        }
        m.registerMigration("v10: the owner index, which Safes the chain's logs named each owner an owner of") { db in
            try createOwnerIndex(db)
        }
        return m
    }

    public func save(_ tx: SafeTx, safeTxHash: [UInt8], proposer: Address, proposedByDelegate: Address?, origin: String?,
                     confirmations: [SafeSignature], at time: Date) async throws(StorageError) -> SafeTransactionEntry {
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: safeTxHash, signatures: [], status: .queued, executionHash: nil,
                                         summary: SafeSummary.describe(tx), proposer: proposer, origin: origin, createdAt: time, updatedAt: time)
        return try await write { db in
            let merged = try SafeTransactionRows.merge(confirmations, into: entry, fields: false, at: time, db)
            // The first proposal of a hash says who sent it, as its proposer does.
            if merged.before == nil, let proposedByDelegate {
                try db.execute(sql: "INSERT OR IGNORE INTO servedProposingDelegate (safeTxHash, delegate) VALUES (?, ?)",
                               arguments: [Hex.encode(safeTxHash), proposedByDelegate.checksummed])
            }
            try ServedEventRows.insert(ServedEvent.transactionWritten(before: merged.before, after: merged.entry, at: time), db)
            return merged.entry
        }
    }

    public func proposingDelegates(_ safeTxHashes: [[UInt8]]) async throws(StorageError) -> [[UInt8]: Address] {
        guard !safeTxHashes.isEmpty else { return [:] }
        let hashes = safeTxHashes.map { Hex.encode($0) }
        return try await read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT safeTxHash, delegate FROM servedProposingDelegate WHERE safeTxHash IN (\(hashes.map { _ in "?" }.joined(separator: ",")))",
                                        arguments: StatementArguments(hashes))
            var found: [[UInt8]: Address] = [:]
            for row in rows { found[try Hex.decode(row["safeTxHash"] as String)] = try Address(row["delegate"] as String) }
            return found
        }
    }

    public func confirm(_ safeTxHash: [UInt8], with confirmations: [SafeSignature], at time: Date) async throws(StorageError) -> SafeTransactionEntry? {
        let hash = Hex.encode(safeTxHash)
        return try await write { db in
            guard let stored = try SafeTransactionRows.entry(hash, db) else { return nil }
            let merged = try SafeTransactionRows.merge(confirmations, into: stored, stored: stored, fields: false, at: time, db)
            try ServedEventRows.insert(ServedEvent.transactionWritten(before: merged.before, after: merged.entry, at: time), db)
            return merged.entry
        }
    }

    public func transaction(_ safeTxHash: [UInt8]) async throws(StorageError) -> SafeTransactionEntry? {
        let hash = Hex.encode(safeTxHash)
        return try await read { db in try SafeTransactionRows.entry(hash, db) }
    }

    public func transactions(_ q: ServedTransactionQuery) async throws(StorageError) -> (count: Int, page: [SafeTransactionEntry]) {
        guard let range = q.nonceRange else { return (0, []) }
        var filter = "chainId = ? AND safe = ? AND nonce >= ?"
        var arguments: [DatabaseValue] = [String(q.chainID).databaseValue, q.safe.checksummed.databaseValue, StoredInteger(range.lowerBound).databaseValue]
        if let high = range.upperBound {
            filter += " AND nonce <= ?"
            arguments.append(StoredInteger(high).databaseValue)
        }
        if let executed = q.executed { filter += executed ? " AND executionHash IS NOT NULL" : " AND executionHash IS NULL" }
        if let hash = q.safeTxHash {
            filter += " AND safeTxHash = ?"
            arguments.append(Hex.encode(hash).databaseValue)
        }
        // Ties keep insertion order in either direction.
        let direction = q.descending ? "DESC" : "ASC"
        let order = switch q.order {
        case .nonce: "nonce \(direction), createdAt \(direction), rowid"
        case .created: "createdAt \(direction), rowid"
        case .modified: "updatedAt \(direction), rowid"
        }
        let sql = filter, values = arguments, page: [DatabaseValue] = [max(q.limit, 0).databaseValue, max(q.offset, 0).databaseValue]
        return try await read { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM safeTransaction WHERE \(sql)", arguments: StatementArguments(values)) ?? 0
            let entries = try SafeTransactionRows.entries(selecting: "SELECT * FROM safeTransaction WHERE \(sql) ORDER BY \(order) LIMIT ? OFFSET ?",
                                                          arguments: StatementArguments(values + page), db)
            return (count, entries)
        }
    }

    public func uniqueNonces(chainID: BigUInt, safe: Address) async throws(StorageError) -> Int {
        let arguments: StatementArguments = [String(chainID), safe.checksummed]
        return try await read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT nonce) FROM safeTransaction WHERE chainId = ? AND safe = ?", arguments: arguments) ?? 0
        }
    }

    /// A nonce as 78 digits, zero-padded: text that sorts as the number does, up to 2^256 (the
    /// v3 schema's key; v4 stores nonces as the wallet does).
    static func nonceKey(_ nonce: BigUInt) -> String {
        let digits = String(nonce)
        return String(repeating: "0", count: max(0, 78 - digits.count)) + digits
    }

    public func delete(_ safeTxHash: [UInt8], at time: Date) async throws(StorageError) -> Bool {
        let hash = Hex.encode(safeTxHash)
        return try await write { db in
            // An executed transaction stays whole: its confirmations go only with a pending one.
            guard let row = try Row.fetchOne(db, sql: "SELECT chainId, safe FROM safeTransaction WHERE safeTxHash = ? AND executionHash IS NULL",
                                             arguments: [hash]),
                  let chainID = BigUInt(row["chainId"] as String, radix: 10), let safe = try? Address(row["safe"] as String) else {
                return false
            }
            try db.execute(sql: "DELETE FROM safeSignature WHERE safeTxHash = ?", arguments: [hash])
            try db.execute(sql: "DELETE FROM safeTransaction WHERE safeTxHash = ?", arguments: [hash])
            try ServedEventRows.insert([ServedEvent(.deletedMultisigTransaction, chainID: chainID, safe: safe, hash: safeTxHash, at: time)], db)
            return true
        }
    }

    /// The writer's `PRAGMA synchronous` (2 is FULL), for the durability test.
    func synchronousSetting() async throws -> Int {
        try await writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    public func shutdown() async {
        // The write-ahead log is folded into the file first, so a stopped server's file is whole on its own (to copy or back up).
        _ = try? await writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try? (writer as? DatabasePool)?.close()
    }

    private static func groupCommit(_ writer: any DatabaseWriter) -> GroupCommit<@Sendable (Database) throws -> Void> {
        GroupCommit { jobs in
            try await writer.write { db in
                for job in jobs { try job(db) }
            }
        }
    }

    /// Runs `body` in a write transaction, perhaps shared with other writes (`GroupCommit`), and
    /// answers once it committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StorageError) -> T {
        let outcome = JobOutcome<T>()
        do {
            try await commits.submit { db in outcome.record(try body(db)) }
            return try outcome.value()
        } catch {
            throw StorageError.wrap(error, "co-signing database write failed")
        }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StorageError) -> T {
        do { return try await writer.read(body) } catch { throw StorageError.wrap(error, "co-signing database read failed") }
    }
}

extension SQLiteCoSigningStorage {
    /// What `table` holds, column by column, for the tests that hold both databases to one definition.
    func describe(_ table: String) async throws(StorageError) -> [String] {
        try await read { db in try SafeTransactionTables.describe(table, db) }
    }
}
