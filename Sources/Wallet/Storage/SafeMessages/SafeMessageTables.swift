import GRDB

/// The tables of Safe messages and their signatures: one column set, read and written by one
/// record, so the co-signing server can hold the same.
public enum SafeMessageTables {
    /// The `safeMessage` columns, in table order.
    public static let messageColumns = ["messageHash", "chainId", "safe", "safeVersion", "kind", "message", "proposer", "createdAt", "updatedAt", "safeAppId", "origin"]
    /// The `safeMessageSignature` columns, in table order.
    public static let signatureColumns = ["messageHash", "owner", "signature", "addedAt"]

    /// Creates both tables with every column, in a database that has neither.
    package static func createAll(_ db: Database) throws {
        try create(db)
        try addAppAndOrigin(db)
    }

    /// The first form of both tables (the wallet's v9).
    static func create(_ db: Database) throws {
        try db.create(table: "safeMessage") { t in
            t.column("messageHash", .text).primaryKey()
            t.column("chainId", .text).notNull()
            t.column("safe", .text).notNull()
            t.column("safeVersion", .text).notNull()
            t.column("kind", .text).notNull()
            t.column("message", .text).notNull()
            t.column("proposer", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        try db.create(index: "safeMessage_on_safe", on: "safeMessage", columns: ["chainId", "safe", "createdAt"])
        try db.create(table: "safeMessageSignature") { t in
            t.column("messageHash", .text).notNull().references("safeMessage", onDelete: .cascade)
            t.column("owner", .text).notNull()
            t.column("signature", .text).notNull()
            t.column("addedAt", .datetime).notNull()
            t.primaryKey(["messageHash", "owner"])
        }
    }

    /// The Safe app and origin a Transaction Service client gives, kept so they are answered back.
    static func addAppAndOrigin(_ db: Database) throws {
        try db.alter(table: "safeMessage") { t in
            t.add(column: "safeAppId", .integer)
            t.add(column: "origin", .text)
        }
    }
}
