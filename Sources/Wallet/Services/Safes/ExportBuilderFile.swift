import Foundation
import SafeKit
import Storage

/// A stored Safe transaction as a Safe{Wallet} Transaction Builder file: a MultiSend batch call by
/// call, any other call as one transaction. Importing the file at the same nonce proposes the
/// same safeTxHash.
public struct ExportBuilderFile: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public init(safeTxHash: [UInt8]) { self.safeTxHash = safeTxHash }
    public func perform(on store: SafeTransactionsStore) async throws -> TransactionBuilderFile {
        let entry = try await store.entry(safeTxHash)
        let tx = entry.transaction
        let calls: [MultiSendCall]
        if tx.operation == .delegateCall {
            guard let inner = MultiSend.calls(inCall: tx.data), !inner.isEmpty else {
                throw SafeError.batchRefused("a delegatecall that is not a MultiSend batch cannot go in a Transaction Builder file")
            }
            calls = inner
        } else {
            calls = [MultiSendCall(to: tx.to, value: tx.value, data: tx.data)]
        }
        do {
            return try TransactionBuilderFile(calls: calls, safe: tx.safe, chainID: tx.chainID ?? 0,
                                              name: entry.summary.isEmpty ? "Bifrost batch" : entry.summary, createdAt: entry.createdAt)
        } catch {
            throw SafeError.batchRefused(error.reason)
        }
    }
}
