import BigInt
import EthereumKit
import GRDB
import SafeKit

extension SafeStorage {
    /// Stores `entry`, its signatures merged with any already stored by `ConfirmationSet`'s rule.
    /// The hash is checked against the message, and each signature against the hash, on write.
    public func save(_ entry: SafeMessageEntry) async throws(StorageError) {
        guard let hash = try? entry.safeMessage().hash(), hash == entry.messageHash else {
            throw StorageError("the Safe message does not hash to \(Hex.encode(entry.messageHash))")
        }
        for stored in entry.storedSignatures where stored.signature.kind != .contract {
            guard (try? SafeSignature(bytes: stored.signature.bytes, safeTxHash: hash))?.owner == stored.signature.owner else {
                throw StorageError("\(stored.signature.owner.checksummed)'s signature is not over \(Hex.encode(hash))")
            }
        }
        let key = Hex.encode(entry.messageHash)
        try await database.immediateWrite { db in
            let known = try SafeMessageSignatureRecord.filter(SafeMessageSignatureRecord.Columns.messageHash == key).fetchAll(db)
            var record = SafeMessageRecord(entry)
            if let existing = try SafeMessageRecord.fetchOne(db, key: key) { record.createdAt = existing.createdAt; record.proposer = existing.proposer ?? record.proposer }
            try record.save(db)
            // Merged inside the write, so two processes signing at once both land.
            let knownSignatures = try known.map { try $0.stored().signature }
            for signature in ConfirmationSet(knownSignatures).merging(entry.signatures).changed {
                let addedAt = entry.storedSignatures.first { $0.signature == signature }?.addedAt ?? entry.updatedAt
                try SafeMessageSignatureRecord(messageHash: key, StoredSignature(signature, addedAt: addedAt)).save(db)
            }
        }
    }

    /// The stored message with `messageHash`, or nil.
    public func message(messageHash: [UInt8]) async throws(StorageError) -> SafeMessageEntry? {
        let key = Hex.encode(messageHash)
        return try await database.read { db in
            guard let record = try SafeMessageRecord.fetchOne(db, key: key) else { return nil }
            return try record.entity(signatures: try Self.signatures(of: key, db))
        }
    }

    /// The messages of `safe` on `chainID`, newest first.
    public func messages(chainID: BigUInt, safe: Address) async throws(StorageError) -> [SafeMessageEntry] {
        try await database.read { db in
            try SafeMessageRecord.filter(SafeMessageRecord.Columns.chainId == String(chainID) && SafeMessageRecord.Columns.safe == safe.checksummed)
                .order(SafeMessageRecord.Columns.createdAt.desc).fetchAll(db)
                .map { record in try record.entity(signatures: try Self.signatures(of: record.messageHash, db)) }
        }
    }

    private static func signatures(of key: String, _ db: Database) throws -> [SafeMessageSignatureRecord] {
        try SafeMessageSignatureRecord.filter(SafeMessageSignatureRecord.Columns.messageHash == key).order(SafeMessageSignatureRecord.Columns.addedAt).fetchAll(db)
    }
}
