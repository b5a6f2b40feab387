import EthereumKit
import SafeKit

/// What every co-signing storage checks before it writes a transaction.
public enum CoSigningRows {
    /// The fields must hash to the key they are stored under: checked once, when written, so
    /// reads never hash again.
    public static func check(_ tx: SafeTx, hashesTo safeTxHash: [UInt8]) throws(StorageError) {
        guard let computed = try? tx.hash(), computed == safeTxHash else {
            throw StorageError("the transaction's fields do not hash to \(Hex.encode(safeTxHash)); nothing was stored")
        }
    }
}
