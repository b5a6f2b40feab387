import GRDB

/// The schema, as an append-only list of migrations: never edit one that has shipped, add another.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1: accounts") { db in
            try db.create(table: "account") { t in
                t.column("name", .text).primaryKey()
                t.column("address", .text).notNull().indexed()
                t.column("kind", .text).notNull()
                t.column("derivationPath", .text)
                t.column("createdAt", .datetime).notNull()
            }
        }
        m.registerMigration("v2: networks, tokens, transactions") { db in
            try db.create(table: "network") { t in
                t.column("name", .text).primaryKey()
                t.column("chainId", .text).notNull()
                t.column("rpcUrl", .text).notNull()
                t.column("contracts", .text)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "setting") { t in
                t.column("key", .text).primaryKey()
                t.column("value", .text).notNull()
            }
            try db.create(table: "token") { t in
                t.column("chainId", .text).notNull()
                t.column("address", .text).notNull()
                t.column("name", .text).notNull()
                t.column("symbol", .text).notNull()
                t.column("decimals", .integer).notNull()
                t.column("whitelisted", .boolean).notNull()
                t.column("addedAt", .datetime).notNull()
                t.primaryKey(["chainId", "address"])
            }
            try db.create(table: "transaction") { t in
                t.column("hash", .text).primaryKey()
                t.column("chainId", .text).notNull()
                t.column("fromAddress", .text).notNull().indexed()
                t.column("toAddress", .text)
                t.column("value", .text).notNull()
                t.column("nonce", .text).notNull()
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
        return m
    }
}
