import SafeKit
import Storage

/// Proposes the rejection of a queued Safe transaction: an empty call from the Safe to itself at
/// the same nonce. Once the rejection executes, the nonce is used and the original can never run.
public struct RejectSafeTransaction: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public let chain: ChainSelection
    public init(safeTxHash: [UInt8], chain: ChainSelection) {
        self.safeTxHash = safeTxHash
        self.chain = chain
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeTransactionEntry { try await store.reject(self) }
}

extension SafeTransactionsStore {
    func reject(_ r: RejectSafeTransaction) async throws -> SafeTransactionEntry {
        let original = try await entry(r.safeTxHash)
        guard original.status == .queued, original.executionHash == nil else { throw SafeError.alreadyExecuted(Hex.encode(r.safeTxHash)) }
        let tx = original.transaction
        return try await propose(ProposeSafeTransaction(safe: tx.safe, intent: .call(to: tx.safe, value: 0, data: [], operation: .call),
                                                        nonce: tx.nonce, chain: r.chain))
    }
}
