import EthereumKit
import Networking

/// One module transaction by the ID the listings give it (`GET /api/v1/module-transaction/{id}`):
/// its transaction's receipt names the log, the log the Safe that emitted it, and that Safe's
/// module executions the one with this ID; nil when no served Safe has it.
public struct ServedModuleTransactionLookup: CoSigningAction {
    public let id: String
    public init(id: String) { self.id = id }

    public func perform(on store: CoSigningStore) async throws -> (safe: Address, execution: ServedExecution)? {
        let (hash, logIndex) = try ServedTransferLookup.parse(id)
        guard id.hasPrefix("i"), let receipt = try await store.chain.remote.transactionReceipt(hash: hash),
              let log = receipt.logs.first(where: { $0.logIndex == logIndex }) else { return nil }
        let served = Set(try await store.storage.servedSafes(chainID: try await store.chainID()).map(\.address))
        guard served.contains(log.address) else { return nil }
        return try await ServedModuleTransactions(safe: log.address).perform(on: store).first { $0.id == id }.map { (log.address, $0) }
    }
}
