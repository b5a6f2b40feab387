import EthereumKit
import GRDB
import SafeKit

/// The columns that hold a Safe transaction's Safe, chain, version and ten fields, defined once
/// for the wallet's `safeTransaction` and the co-signing server's `servedTransaction` tables, and
/// named the same way (in snake case) in the server's PostgreSQL table, which a test checks.
public enum SafeTxColumns {
    /// The column names, in table order, after the `safeTxHash` key.
    public static let names = ["chainId", "safe", "safeVersion", "toAddress", "value", "data", "operation", "safeTxGas", "baseGas",
                               "gasPrice", "gasToken", "refundReceiver", "nonce"]

    /// The same names as PostgreSQL columns (`chain_id`, `safe_tx_gas`…).
    public static var snakeCaseNames: [String] {
        names.map { name in name.reduce(into: "") { $0 += $1.isUppercase ? "_" + $1.lowercased() : String($1) } }
    }

    /// The fields must hash to the key they are stored under: every storage checks this once, when
    /// it writes, so reads never hash again.
    public static func check(_ tx: SafeTx, hashesTo safeTxHash: [UInt8]) throws(StorageError) {
        guard let computed = try? tx.hash(), computed == safeTxHash else {
            throw StorageError("the transaction's fields do not hash to \(Hex.encode(safeTxHash)); nothing was stored")
        }
    }

    /// Adds the columns to `t`, all required; `nonce` as text (the first schemas) or as an integer.
    static func define(in t: TableDefinition, nonce: Database.ColumnType = .text) {
        for name in names {
            let type: Database.ColumnType = switch name {
            case "operation": .integer
            case "nonce": nonce
            default: .text
            }
            t.column(name, type).notNull()
        }
    }
}

// What a table holds, in order, so the tests can hold both SQLite tables to the one definition.
extension AppDatabase {
    func columnNames(of table: String) async throws(StorageError) -> [String] {
        try await read { db in try db.columns(in: table).map(\.name) }
    }
}

extension SQLiteCoSigningStorage {
    func columnNames(of table: String) async throws(StorageError) -> [String] {
        try await read { db in try db.columns(in: table).map(\.name) }
    }
}
