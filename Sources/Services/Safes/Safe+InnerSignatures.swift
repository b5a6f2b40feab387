import SafeKit

extension Safe {
    /// Whether `packed`, this Safe's contract signature, holds enough of its current owners'
    /// signatures over `hash` to meet its threshold: what its `isValidSignature` will check. Inner
    /// contract signatures and approved hashes count as the claims they are; anything unreadable
    /// meets nothing.
    func isMet(by packed: [UInt8], over hash: [UInt8]) -> Bool {
        guard let inner = try? SafeSignature.parse(packed: packed, safeTxHash: hash) else { return false }
        return count(ConfirmationSet(inner)).isReady
    }
}
