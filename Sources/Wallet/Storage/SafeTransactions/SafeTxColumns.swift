import EthereumKit
import GRDB
import SafeKit

/// The columns that hold a Safe transaction's Safe, chain, version and ten fields: the hashed
/// part of `SafeTransactionTables`' column set, also used by the wallet's older schemas.
public enum SafeTxColumns {
    /// The column names, in table order, after the `safeTxHash` key.
    public static let names = ["chainId", "safe", "safeVersion", "toAddress", "value", "data", "operation", "safeTxGas", "baseGas",
                               "gasPrice", "gasToken", "refundReceiver", "nonce"]

    /// A column's name as PostgreSQL spells it (`chainId` is `chain_id`).
    public static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { $0 += $1.isUppercase ? "_" + $1.lowercased() : String($1) }
    }

    /// The fields must hash to the key they are stored under: every storage checks this once, when
    /// it writes, so reads never hash again.
    public static func check(_ tx: SafeTx, hashesTo safeTxHash: [UInt8]) throws(StorageError) {
        guard let computed = try? tx.hash(), computed == safeTxHash else {
            throw StorageError("the transaction's fields do not hash to \(Hex.encode(safeTxHash)); nothing was stored")
        }
    }

    /// Adds the columns to `t`, all required; `nonce` as text (the first schemas) or as an integer.
    package static func define(in t: TableDefinition, nonce: Database.ColumnType = .text) {
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
