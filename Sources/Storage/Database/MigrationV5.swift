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
        try db.create(table: "safe_v5") { t in
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
        try db.execute(sql: """
            INSERT INTO safe_v5 (chainId, address, name, version, owners, threshold, nonce, modules, fallbackHandler, guardAddress, updatedAt)
            SELECT chainId, address, name, version, \(jsonArray("owners")), threshold, \(integer("nonce")), \(jsonArray("modules")),
                   fallbackHandler, guardAddress, updatedAt
            FROM safe
            """)
        try db.drop(table: "safe")
        try db.rename(table: "safe_v5", to: "safe")

        try db.create(table: "safeTransaction_v5") { t in
            t.column("safeTxHash", .text).primaryKey()
            t.column("chainId", .text).notNull()
            t.column("safe", .text).notNull()
            t.column("safeVersion", .text).notNull()
            t.column("toAddress", .text).notNull()
            t.column("value", .text).notNull()
            t.column("data", .text).notNull()
            t.column("operation", .integer).notNull()
            t.column("safeTxGas", .text).notNull()
            t.column("baseGas", .text).notNull()
            t.column("gasPrice", .text).notNull()
            t.column("gasToken", .text).notNull()
            t.column("refundReceiver", .text).notNull()
            t.column("nonce", .integer).notNull()
            t.column("status", .text).notNull()
            t.column("executionHash", .text)
            t.column("summary", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        let transactionColumns = "safeTxHash, chainId, safe, safeVersion, toAddress, value, data, operation, safeTxGas, baseGas, "
            + "gasPrice, gasToken, refundReceiver, nonce, status, executionHash, summary, createdAt, updatedAt"
        try db.execute(sql: "INSERT INTO safeTransaction_v5 (\(transactionColumns)) SELECT "
            + transactionColumns.replacingOccurrences(of: " nonce,", with: " \(integer("nonce")),") + " FROM safeTransaction")
        try db.drop(table: "safeTransaction")
        try db.rename(table: "safeTransaction_v5", to: "safeTransaction")
        try db.create(index: "safeTransaction_on_safe", on: "safeTransaction", columns: ["chainId", "safe", "nonce"])

        try db.create(table: "transaction_v5") { t in
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
        let sentColumns = "hash, chainId, fromAddress, toAddress, value, nonce, raw, keyName, tokenAddress, tokenAmount, status, "
            + "error, blockNumber, gasUsed, effectiveGasPrice, createdAt, updatedAt"
        try db.execute(sql: "INSERT INTO transaction_v5 (\(sentColumns)) SELECT "
            + sentColumns.replacingOccurrences(of: " nonce,", with: " \(integer("nonce")),") + " FROM \"transaction\"")
        try db.drop(table: "transaction")
        try db.rename(table: "transaction_v5", to: "transaction")
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
