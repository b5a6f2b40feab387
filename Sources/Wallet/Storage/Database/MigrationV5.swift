import GRDB

/// Nonces become INTEGER columns, so SQL orders them as numbers (as text "10" sorted before "9");
/// a Safe's owners and modules become JSON arrays instead of comma-joined text. SQLite cannot
/// change a column's type in place, so each table is rebuilt and its rows copied: the INTEGER
/// affinity turns each nonce's decimal text into a number as it is inserted. A nonce beyond 63
/// bits, which no Safe reaches, would become a rounded REAL that way, so it is first rewritten
/// to `StoredInteger`'s text form.
/// GRDB runs migrations with foreign keys off and checks them at the end, so dropping the old
/// `safeTransaction` table does not cascade to the signatures.
enum MigrationV5 {
    static func migrate(_ db: Database) throws {
        try rebuild(db, "safe", copying: "chainId, address, name, version, owners, threshold, nonce, modules, fallbackHandler, guardAddress, updatedAt",
                    from: "chainId, address, name, version, \(jsonArray("owners")), threshold, \(integer("nonce")), \(jsonArray("modules")), "
                        + "fallbackHandler, guardAddress, updatedAt") { t in
            t.column("chainId", .text).notNull()
            t.column("address", .text).notNull().indexed()
            t.column("name", .text)
            t.column("version", .text).notNull()
            t.column("owners", .text).notNull()
            t.column("threshold", .text).notNull()
            t.column("nonce", .integer).notNull()
            t.column("modules", .text).notNull()
            t.column("fallbackHandler", .text).notNull()
            t.column("guardAddress", .text).notNull()
            t.column("updatedAt", .datetime).notNull()
            t.primaryKey(["chainId", "address"])
        }

        let transactionColumns = "safeTxHash, chainId, safe, safeVersion, toAddress, value, data, operation, safeTxGas, baseGas, "
            + "gasPrice, gasToken, refundReceiver, nonce, status, executionHash, summary, createdAt, updatedAt"
        try rebuild(db, "safeTransaction", copying: transactionColumns, from: transactionColumns.replacingOccurrences(of: " nonce,", with: " \(integer("nonce")),")) { t in
            t.column("safeTxHash", .text).primaryKey()
            SafeTxColumns.define(in: t, nonce: .integer)
            t.column("status", .text).notNull()
            t.column("executionHash", .text)
            t.column("summary", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        try db.create(index: "safeTransaction_on_safe", on: "safeTransaction", columns: ["chainId", "safe", "nonce"])

        let sentColumns = "hash, chainId, fromAddress, toAddress, value, nonce, raw, keyName, tokenAddress, tokenAmount, status, "
            + "error, blockNumber, gasUsed, effectiveGasPrice, createdAt, updatedAt"
        try rebuild(db, "transaction", copying: sentColumns, from: sentColumns.replacingOccurrences(of: " nonce,", with: " \(integer("nonce")),")) { t in
            t.column("hash", .text).primaryKey()
            t.column("chainId", .text).notNull()
            t.column("fromAddress", .text).notNull().indexed()
            t.column("toAddress", .text)
            t.column("value", .text).notNull()
            t.column("nonce", .integer).notNull()
            t.column("raw", .text).notNull()
            t.column("keyName", .text)
            t.column("tokenAddress", .text)
            t.column("tokenAmount", .text)
            t.column("status", .text).notNull()
            t.column("error", .text)
            t.column("blockNumber", .text)
            t.column("gasUsed", .text)
            t.column("effectiveGasPrice", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
    }

    /// Replaces `table` by a new one that `define` describes, filled with the old rows: `columns`
    /// of the new table from the SQL expressions `source` over the old one.
    static func rebuild(_ db: Database, _ table: String, copying columns: String, from source: String,
                        _ define: (TableDefinition) -> Void) throws {
        let next = table + "_v5"
        try db.create(table: next, body: define)
        try db.execute(sql: "INSERT INTO \(next.quotedDatabaseIdentifier) (\(columns)) SELECT \(source) FROM \(table.quotedDatabaseIdentifier)")
        try db.drop(table: table)
        try db.rename(table: next, to: table)
    }

    /// SQL giving `column`'s decimal text as is when it fits 63 bits (the INTEGER affinity then
    /// makes it a number), and in `StoredInteger`'s text form beyond.
    static func integer(_ column: String) -> String {
        let tooLarge = "length(\(column)) > 19 OR (length(\(column)) = 19 AND \(column) > '9223372036854775807')"
        let padded = "'~' || substr('\(String(repeating: "0", count: 78))', 1, 78 - length(\(column))) || \(column)"
        return "CASE WHEN \(tooLarge) THEN \(padded) ELSE \(column) END"
    }

    /// SQL turning comma-joined checksummed addresses in `column` into a JSON array of strings;
    /// addresses hold neither quotes nor commas, so no escaping is needed.
    static func jsonArray(_ column: String) -> String {
        "CASE WHEN \(column) = '' THEN '[]' ELSE '[\"' || replace(\(column), ',', '\",\"') || '\"]' END"
    }
}
