import EthereumKit
import GRDB

extension SafeStorage {
    /// Takes `owner`'s stored signature off the transaction `safeTxHash`. The merge never lets a
    /// shorter contract signature replace a longer one, so when what an older release stored for
    /// an owner Safe is no signature the gate would let in, the wallet's own signing path takes it
    /// off before it adds the one it grew.
    public func withdrawSignature(of owner: Address, from safeTxHash: [UInt8]) async throws(StorageError) {
        let key = Hex.encode(safeTxHash), who = owner.checksummed
        _ = try await database.immediateWrite { db in
            try db.execute(sql: "DELETE FROM safeSignature WHERE safeTxHash = ? AND owner = ?", arguments: [key, who])
        }
    }

    /// The same for the Safe message `messageHash`.
    public func withdrawMessageSignature(of owner: Address, from messageHash: [UInt8]) async throws(StorageError) {
        let key = Hex.encode(messageHash), who = owner.checksummed
        _ = try await database.immediateWrite { db in
            try db.execute(sql: "DELETE FROM safeMessageSignature WHERE messageHash = ? AND owner = ?", arguments: [key, who])
        }
    }
}
