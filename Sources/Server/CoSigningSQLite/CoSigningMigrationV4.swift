import BigInt
import CoSigningStorage
import Foundation
import GRDB
import Storage

/// The co-signing server's transactions move into the wallet's `safeTransaction` and
/// `safeSignature` tables, so one record reads both databases. The old columns differ in kind,
/// so each row is converted here rather than in SQL: nonces from decimal text to the wallet's
/// integers, times from seconds to dates, and the success and replaced flags to one status.
enum CoSigningMigrationV4 {
    static func migrate(_ db: Database) throws {
        try SafeTransactionTables.create(db)
        // In stored order, so ties that rowid breaks keep their order.
        for row in try Row.fetchAll(db, sql: "SELECT * FROM servedTransaction ORDER BY rowid") {
            let hash: String = row["safeTxHash"]
            guard let nonce = BigUInt(row["nonce"] as String, radix: 10) else { throw StorageError("\(hash): the nonce is not a number") }
            let status: SafeTransactionStatus = switch (row["isSuccessful"] as Bool?, row["isReplaced"] as Bool) {
            case (true?, _): .executed
            case (false?, _): .failed
            case (nil, true): .replaced
            case (nil, false): .queued
            }
            let fields = SafeTxColumns.names.filter { $0 != "nonce" }
            let values: [DatabaseValue] = [hash.databaseValue] + fields.map { row[$0] as DatabaseValue } + [
                StoredInteger(nonce).databaseValue, status.rawValue.databaseValue, row["executionHash"] as DatabaseValue, "".databaseValue,
                Date(timeIntervalSince1970: row["createdAt"]).databaseValue, Date(timeIntervalSince1970: row["modifiedAt"]).databaseValue,
                row["proposer"] as DatabaseValue, row["origin"] as DatabaseValue,
            ]
            let columns = ["safeTxHash"] + fields + ["nonce", "status", "executionHash", "summary", "createdAt", "updatedAt", "proposer", "origin"]
            try db.execute(sql: "INSERT INTO safeTransaction (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                           arguments: StatementArguments(values))
        }
        for row in try Row.fetchAll(db, sql: "SELECT * FROM servedConfirmation ORDER BY rowid") {
            try db.execute(sql: "INSERT INTO safeSignature (safeTxHash, owner, signature, addedAt) VALUES (?, ?, ?, ?)",
                           arguments: [row["safeTxHash"] as String, row["owner"] as String, row["signature"] as String,
                                       Date(timeIntervalSince1970: row["createdAt"])])
        }
        try db.drop(table: "servedConfirmation")
        try db.drop(table: "servedTransaction")
    }
}
