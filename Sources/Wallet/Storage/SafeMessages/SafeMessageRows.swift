import EthereumKit
import Foundation
import GRDB
import SafeKit

/// Reading and merging Safe messages in a database's `safeMessage` and `safeMessageSignature`
/// tables, inside the caller's read or write: the wallet's storage and the co-signing server's
/// SQLite storage both call these, so the checks and the merge rule live once.
package enum SafeMessageRows {
    /// The message stored under `key`, with its signatures oldest first.
    package static func entry(_ key: String, _ db: Database) throws -> SafeMessageEntry? {
        guard let record = try SafeMessageRecord.fetchOne(db, key: key) else { return nil }
        return try record.entity(signatures: try signatures(of: key, db))
    }

    /// The entries of `records`, in their order, each with its signatures.
    static func entries(_ records: [SafeMessageRecord], _ db: Database) throws -> [SafeMessageEntry] {
        try records.map { record in try record.entity(signatures: try signatures(of: record.messageHash, db)) }
    }

    /// One page of a Safe's messages, newest first (the later stored first among equal times), and
    /// how many it has in all.
    package static func page(chainID: String, safe: String, limit: Int, offset: Int, _ db: Database) throws -> (count: Int, page: [SafeMessageEntry]) {
        let mine = SafeMessageRecord.filter(SafeMessageRecord.Columns.chainId == chainID && SafeMessageRecord.Columns.safe == safe)
        let page = try mine.order(SafeMessageRecord.Columns.createdAt.desc, Column.rowID.desc).limit(max(limit, 0), offset: max(offset, 0)).fetchAll(db)
        return (try mine.fetchCount(db), try entries(page, db))
    }

    /// Stores `entry` unless its hash is there (keeping who proposed it and when), then merges its
    /// signatures with the stored ones by `ConfirmationSet`'s rule. The hash is checked against the
    /// message and each signature that can be recovered against the hash first. Answers the
    /// message as stored.
    @discardableResult
    package static func merge(_ entry: SafeMessageEntry, _ db: Database) throws -> (entry: SafeMessageEntry, before: Set<Address>?) {
        try entry.checkHashes()
        let key = Hex.encode(entry.messageHash)
        let known = try signatures(of: key, db)
        var record = SafeMessageRecord(entry)
        let existing = try SafeMessageRecord.fetchOne(db, key: key)
        var filled = false
        if let existing {
            record.createdAt = existing.createdAt
            let stored = SafeMessageProvenance(proposer: existing.proposer.flatMap { try? Address($0) }, safeAppID: existing.safeAppId,
                                               origin: existing.origin)
            let kept = stored.filled(from: SafeMessageProvenance(entry))
            filled = kept != stored
            record.proposer = kept.proposer?.checksummed
            record.safeAppId = kept.safeAppID
            record.origin = kept.origin
        }
        let changed = ConfirmationSet(try known.map { try $0.stored().signature }).merging(entry.signatures).changed
        // A repeated write changes nothing and writes nothing.
        if existing == nil || filled || !changed.isEmpty { try record.save(db) }
        for signature in changed {
            let addedAt = entry.storedSignatures.first { $0.signature == signature }?.addedAt ?? entry.updatedAt
            try SafeMessageSignatureRecord(messageHash: key, StoredSignature(signature, addedAt: addedAt)).save(db)
        }
        guard let written = try Self.entry(key, db) else { throw StorageError("the Safe message \(key) vanished while it was written") }
        return (written, existing.map { _ in Set(known.compactMap { try? Address($0.owner) }) })
    }

    static func signatures(of key: String, _ db: Database) throws -> [SafeMessageSignatureRecord] {
        try SafeMessageSignatureRecord.filter(SafeMessageSignatureRecord.Columns.messageHash == key)
            .order(SafeMessageSignatureRecord.Columns.addedAt).fetchAll(db)
    }
}
