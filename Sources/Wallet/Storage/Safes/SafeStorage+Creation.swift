import BigInt
import EthereumKit
import GRDB

extension SafeStorage {
    /// The block `address` was created in on `chainID`, once found; nil until then.
    public func creationBlock(chainID: BigUInt, address: Address) async throws(StorageError) -> BigUInt? {
        let id = String(chainID), a = address.checksummed
        let text = try await database.read { db in
            try String.fetchOne(db, sql: "SELECT block FROM safeCreation WHERE chainId = ? AND address = ?", arguments: [id, a])
        }
        return text.flatMap { BigUInt($0, radix: 10) }
    }

    /// Records the block `address` was created in; a block already recorded stays, since it cannot change.
    public func saveCreationBlock(_ block: BigUInt, chainID: BigUInt, address: Address) async throws(StorageError) {
        let id = String(chainID), a = address.checksummed, b = String(block)
        try await database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO safeCreation (chainId, address, block) VALUES (?, ?, ?)", arguments: [id, a, b])
        }
    }
}
