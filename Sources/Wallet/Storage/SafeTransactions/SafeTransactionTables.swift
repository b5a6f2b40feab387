import GRDB

/// The tables of Safe transactions and their signatures, the same in the wallet's database and
/// the co-signing server's (and, in snake case, its PostgreSQL schema, which a check holds to
/// these names on every open): one column set, read and written by one record.
public enum SafeTransactionTables {
    /// The `safeTransaction` columns, in table order.
    public static let transactionColumns = ["safeTxHash"] + SafeTxColumns.names
        + ["status", "executionHash", "summary", "createdAt", "updatedAt", "proposer", "origin"]
    /// The `safeSignature` columns, in table order.
    public static let signatureColumns = ["safeTxHash", "owner", "signature", "addedAt"]

    /// Creates both tables as they are today, in a database that has neither.
    package static func create(_ db: Database) throws {
        try db.create(table: "safeTransaction") { t in
            t.column("safeTxHash", .text).primaryKey()
            SafeTxColumns.define(in: t, nonce: .integer)
            t.column("status", .text).notNull()
            t.column("executionHash", .text)
            t.column("summary", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
            addProposer(to: t)
        }
        try db.create(index: "safeTransaction_on_safe", on: "safeTransaction", columns: ["chainId", "safe", "nonce"])
        try db.create(table: "safeSignature") { t in
            t.column("safeTxHash", .text).notNull().references("safeTransaction", onDelete: .cascade)
            t.column("owner", .text).notNull()
            t.column("signature", .text).notNull()
            t.column("addedAt", .datetime).notNull()
            t.primaryKey(["safeTxHash", "owner"])
        }
    }

    /// The columns the wallet's first table lacked: who proposed, and the proposing app's note.
    static func addProposer(to t: some ColumnAdding) {
        t.addColumn("proposer", .text)
        t.addColumn("origin", .text)
    }
}

/// A table being created or altered, so one list of added columns serves both.
protocol ColumnAdding {
    func addColumn(_ name: String, _ type: Database.ColumnType)
}

extension TableDefinition: ColumnAdding {
    func addColumn(_ name: String, _ type: Database.ColumnType) { column(name, type) }
}

extension TableAlteration: ColumnAdding {
    func addColumn(_ name: String, _ type: Database.ColumnType) { add(column: name, type) }
}

extension SafeTransactionTables {
    /// What `table` holds, column by column (name, type, required, key position), for the tests
    /// that hold both databases to the one definition.
    package static func describe(_ table: String, _ db: Database) throws -> [String] {
        try db.columns(in: table).map { "\($0.name) \($0.type) \($0.isNotNull ? "NOT NULL" : "NULL") \($0.primaryKeyIndex)" }
    }
}

extension AppDatabase {
    func describe(_ table: String) async throws(StorageError) -> [String] {
        try await read { db in try SafeTransactionTables.describe(table, db) }
    }
}
