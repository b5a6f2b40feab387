import BigInt
import EthereumKit
import GRDB
import SafeKit

extension SafeStorage {
    /// Stores `entry`, its signatures merged with any already stored by `ConfirmationSet`'s rule.
    /// The hash is checked against the message, and each signature against the hash, on write.
    public func save(_ entry: SafeMessageEntry) async throws(StorageError) {
        // Merged inside the write, so two processes signing at once both land.
        _ = try await database.immediateWrite { db in try SafeMessageRows.merge(entry, db).entry }
    }

    /// The stored message with `messageHash`, or nil.
    public func message(messageHash: [UInt8]) async throws(StorageError) -> SafeMessageEntry? {
        let key = Hex.encode(messageHash)
        return try await database.read { db in try SafeMessageRows.entry(key, db) }
    }

    /// The messages of `safe` on `chainID`, newest first.
    public func messages(chainID: BigUInt, safe: Address) async throws(StorageError) -> [SafeMessageEntry] {
        try await database.read { db in
            try SafeMessageRows.entries(try SafeMessageRecord.filter(SafeMessageRecord.Columns.chainId == String(chainID)
                                                                         && SafeMessageRecord.Columns.safe == safe.checksummed)
                .order(SafeMessageRecord.Columns.createdAt.desc).fetchAll(db), db)
        }
    }
}
