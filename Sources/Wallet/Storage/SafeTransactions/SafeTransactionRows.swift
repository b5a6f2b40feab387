import EthereumKit
import Foundation
import GRDB
import SafeKit

/// Reading and merging Safe transactions in a database's `safeTransaction` and `safeSignature`
/// tables, inside the caller's read or write: the wallet's storage and the co-signing server's
/// SQLite storage both call these, so neither holds a copy of the rule or the row format.
package enum SafeTransactionRows {
    /// The transaction stored under `key`, with its signatures.
    package static func entry(_ key: String, _ db: Database) throws -> SafeTransactionEntry? {
        // Cached statements: compiling these two on every write showed in the server's profile.
        let row = try db.cachedStatement(sql: "SELECT * FROM safeTransaction WHERE safeTxHash = ?")
        guard let record = try SafeTransactionRecord.fetchOne(row, arguments: [key]) else { return nil }
        let signatures = try db.cachedStatement(sql: "SELECT * FROM safeSignature WHERE safeTxHash = ?")
        return try record.entity(signatures: try SafeSignatureRecord.fetchAll(signatures, arguments: [key]))
    }

    /// The entries of `records`, in their order, each with its signatures (read in one query).
    static func entries(_ records: [SafeTransactionRecord], _ db: Database) throws -> [SafeTransactionEntry] {
        let keys = records.map(\.safeTxHash)
        let signatures = Dictionary(grouping: try SafeSignatureRecord.filter(keys.contains(SafeSignatureRecord.Columns.safeTxHash)).fetchAll(db),
                                    by: \.safeTxHash)
        return try records.map { try $0.entity(signatures: signatures[$0.safeTxHash] ?? []) }
    }

    /// The entries of the `safeTransaction` rows `sql` selects (every column), in its order, each
    /// with its signatures: a query of the caller's own, the records staying here.
    package static func entries(selecting sql: String, arguments: StatementArguments, _ db: Database) throws -> [SafeTransactionEntry] {
        try entries(try SafeTransactionRecord.fetchAll(db, sql: sql, arguments: arguments), db)
    }

    /// Merges `signatures` into the stored transaction by `ConfirmationSet`'s rule, storing `entry`
    /// first when it is not stored, and with `fields` its status, summary and execution too; the
    /// signatures that changed are stamped `time`, and so is the row when any did. Answers the
    /// transaction as stored and what changed. A repeated write changes nothing, and writes nothing.
    package static func merge(_ signatures: [SafeSignature], into entry: SafeTransactionEntry, fields: Bool, at time: Date,
                      _ db: Database) throws -> (entry: SafeTransactionEntry, changed: [SafeSignature], before: Set<Address>?) {
        try merge(signatures, into: entry, stored: try Self.entry(Hex.encode(entry.safeTxHash), db), fields: fields, at: time, db)
    }

    /// The same, for a caller that has just read `stored`, the transaction as the database holds it (nil: not stored).
    package static func merge(_ signatures: [SafeSignature], into entry: SafeTransactionEntry, stored: SafeTransactionEntry?, fields: Bool, at time: Date,
                      _ db: Database) throws -> (entry: SafeTransactionEntry, changed: [SafeSignature], before: Set<Address>?) {
        try SafeTxColumns.check(entry.transaction, hashesTo: entry.safeTxHash)
        let key = Hex.encode(entry.safeTxHash)
        let merge = (stored?.confirmations ?? ConfirmationSet()).merging(signatures)
        // Nothing new is not written: a home's watchers (the dashboard's pages) would reload for nothing.
        let before = stored.map { Set($0.storedSignatures.map(\.signature.owner)) }
        if !fields, let stored, merge.changed.isEmpty { return (stored, [], before) }
        var written: SafeTransactionRecord?
        if let stored, !fields {
            try SafeTransactionRecord(stored.with(updatedAt: time)).update(db)
        } else {
            var record = SafeTransactionRecord(entry)
            // Who proposed it stays known when a later save does not say.
            record.proposer = record.proposer ?? stored?.proposer?.checksummed
            record.origin = record.origin ?? stored?.origin
            // A new row is inserted outright: save's update-then-insert costs a second statement.
            if stored == nil { try record.insert(db) } else { try record.save(db) }
            written = record
        }
        var inserted: [SafeSignatureRecord] = []
        for signature in merge.changed {
            let row = SafeSignatureRecord(safeTxHash: key, signature, addedAt: time)
            if stored == nil { try row.insert(db) } else { try row.save(db) }
            inserted.append(row)
        }
        // A new row is answered as written, not read back (two statements more on every new
        // proposal, 8% of the server's time): the same mapping, its times as the columns keep them.
        if stored == nil, var record = written {
            (record.createdAt, record.updatedAt) = (Self.asStored(record.createdAt), Self.asStored(record.updatedAt))
            return (try record.entity(signatures: inserted.map { var row = $0; row.addedAt = Self.asStored(row.addedAt); return row }), merge.changed, before)
        }
        guard let readBack = try Self.entry(key, db) else { throw StorageError("the Safe transaction \(key) vanished while it was written") }
        return (readBack, merge.changed, before)
    }

    /// `date` as a column keeps it and reads it back (to the millisecond).
    private static func asStored(_ date: Date) -> Date { Date.fromDatabaseValue(date.databaseValue) ?? date }
}
