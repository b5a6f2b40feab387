import GRDB

/// The tables of Safe messages and their signatures: one column set, read and written by one
/// record, so the co-signing server can hold the same.
public enum SafeMessageTables {
    /// The `safeMessage` columns, in table order.
    public static let messageColumns = ["messageHash", "chainId", "safe", "safeVersion", "kind", "message", "proposer", "createdAt", "updatedAt"]
    /// The `safeMessageSignature` columns, in table order.
    public static let signatureColumns = ["messageHash", "owner", "signature", "addedAt"]

    /// Creates both tables, in a database that has neither.
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
}
