import BigInt
import EthereumKit
import GRDB
import SafeKit

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
        m.registerMigration("v3: safes, safe transactions, signatures") { db in
            try db.create(table: "safe") { t in
                t.column("chainId", .text).notNull()
                t.column("address", .text).notNull().indexed()
                t.column("name", .text)
                t.column("version", .text).notNull()
                t.column("owners", .text).notNull()
                t.column("threshold", .text).notNull()
                t.column("nonce", .text).notNull()
                t.column("modules", .text).notNull()
                t.column("fallbackHandler", .text).notNull()
                t.column("guardAddress", .text).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.primaryKey(["chainId", "address"])
            }
            try db.create(table: "safeTransaction") { t in
                t.column("safeTxHash", .text).primaryKey()
                SafeTxColumns.define(in: t)
                t.column("status", .text).notNull()
                t.column("executionHash", .text)
                t.column("summary", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(index: "safeTransaction_on_safe", on: "safeTransaction", columns: ["chainId", "safe"])
            try db.create(table: "safeSignature") { t in
                t.column("safeTxHash", .text).notNull().references("safeTransaction", onDelete: .cascade)
                t.column("owner", .text).notNull()
                t.column("signature", .text).notNull()
                t.column("addedAt", .datetime).notNull()
                t.primaryKey(["safeTxHash", "owner"])
            }
        }
        m.registerMigration("v4: rates") { db in
            try db.create(table: "rate") { t in
                t.column("coin", .text).notNull()
                t.column("fiat", .text).notNull()
                t.column("price", .text).notNull()
                t.column("time", .datetime).notNull()
                t.primaryKey(["coin", "fiat"])
            }
            try db.create(table: "rateHistory") { t in
                t.column("coin", .text).notNull()
                t.column("fiat", .text).notNull()
                t.column("days", .integer).notNull()
                t.column("points", .text).notNull()
                t.column("fetchedAt", .datetime).notNull()
                t.primaryKey(["coin", "fiat", "days"])
            }
        }
        m.registerMigration("v5: integer nonces; owners and modules as JSON arrays") { db in
            try MigrationV5.migrate(db)
        }
        m.registerMigration("v6: per-network RPC limits") { db in
            try db.alter(table: "network") { t in
                t.add(column: "maxBatch", .integer)
                t.add(column: "maxLogRange", .integer)
            }
        }
        m.registerMigration("v7: the block each Safe was created in") { db in
            try db.create(table: "safeCreation") { t in
                t.column("chainId", .text).notNull()
                t.column("address", .text).notNull()
                t.column("block", .text).notNull()
                t.primaryKey(["chainId", "address"])
            }
        }
        m.registerMigration("v8: who proposed a Safe transaction, as the co-signing server's table of the same columns keeps it") { db in
            try db.alter(table: "safeTransaction") { t in SafeTransactionTables.addProposer(to: t) }
        }
        m.registerMigration("v9: Safe messages and their signatures") { db in
            try SafeMessageTables.create(db)
        }
        m.registerMigration("v10: the Safe app and origin of a Safe message") { db in
            try SafeMessageTables.addAppAndOrigin(db)
        }
        m.registerMigration("v11: the address book, and the contract functions calls were made with") { db in
            try db.create(table: "addressBookEntry") { t in
                t.column("chainId", .text).notNull()
                t.column("address", .text).notNull()
                t.column("name", .text).notNull()
                t.column("addedAt", .datetime).notNull()
                t.primaryKey(["chainId", "address"])
            }
            try db.create(table: "contractFunction") { t in
                t.column("chainId", .text).notNull()
                t.column("address", .text).notNull()
                t.column("selector", .text).notNull()
                t.column("fragment", .text).notNull()
                t.column("savedAt", .datetime).notNull()
                t.primaryKey(["chainId", "address", "selector"])
            }
        }
        m.registerMigration("v12: a delegatecall without data summarised as one, not as a send of its value") { db in
            // Releases before this one stored "send 0 ETH to …" for it, and summaries are read as stored.
            let rows = try Row.fetchAll(db, sql: "SELECT safeTxHash, toAddress, value FROM safeTransaction WHERE operation = 1 AND data = '0x'")
            for row in rows {
                guard let to = try? Address(row["toAddress"] as String), let value = BigUInt(row["value"] as String, radix: 10) else { continue }
                try db.execute(sql: "UPDATE safeTransaction SET summary = ? WHERE safeTxHash = ?",
                               arguments: [DecodedCall.noDataLine(to: to, value: value, operation: .delegateCall), row["safeTxHash"] as String])
            }
        }
        m.registerMigration("v13: the form of each key's password, once known") { db in
            // No row for the keys already stored: an older Bifrost may have kept a line ending in their password.
            try db.create(table: "keyPassword") { t in
                t.column("name", .text).primaryKey().references("account", onDelete: .cascade)
                t.column("ending", .text)
            }
        }
        m.registerMigration("v14: a counterfactual Safe's deployment, until its address has code") { db in
            // Nullable: every Safe stored before is deployed, and an older Bifrost ignores the column.
            try db.alter(table: "safe") { t in t.add(column: "undeployed", .text) }
        }
        return m
    }
}
