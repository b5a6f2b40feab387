import BigInt
import SafeKit
import Storage

extension Safe {
    /// The nonce a new transaction takes unless one is chosen: the next after this home's queue,
    /// or the Safe's own when nothing later is queued. Proposing and the compose form both ask it.
    public func nextFreeNonce(after queued: [SafeTransactionEntry]) -> BigUInt {
        queued.map { $0.transaction.nonce + 1 }.filter { $0 > nonce }.max() ?? nonce
    }
}
