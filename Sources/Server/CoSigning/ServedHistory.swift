import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Storage

/// One line of a served Safe's history (`all-transactions/`).
public enum ServedHistoryItem: Sendable {
    /// A stored multisig transaction and its execution.
    case multisig(SafeTransactionEntry, ServedExecution)
    /// A module's execution.
    case module(ServedExecution)
    /// A chain transaction that moved assets to or from the Safe, or executed a Safe transaction
    /// this server does not hold: what it sent and what moved.
    case ethereum(hash: [UInt8], block: BigUInt, date: Date, carrier: RemoteTransaction?, transfers: [ServedTransfer])
}

/// A served Safe's executed history, newest first: the official `all-transactions/`. Stored
/// multisig transactions and module executions carry the transfers of their transaction; every
/// other transaction that moved assets, or executed a transaction this server does not hold, is
/// an Ethereum transaction.
public struct ServedAllTransactions: CoSigningAction {
    public let safe: Address
    public init(safe: Address) { self.safe = safe }
    public func perform(on store: CoSigningStore) async throws -> [ServedHistoryItem] {
        let read = try await ServedActivity.read(safe, store: store)
        var items: [(order: (BigUInt, BigUInt), item: ServedHistoryItem)] = []
        var listed = Set<[UInt8]>()
        var unheld: [[UInt8]: (block: BigUInt, index: BigUInt, carrier: RemoteTransaction?)] = [:]
        for served in read.executions {
            let log = served.execution.log
            guard let hash = log.transactionHash else { continue }
            let order = SafeChainActivity.order(log)
            if served.execution.module != nil {
                items.append((order, .module(served)))
                listed.insert(hash)
            } else if let safeTxHash = served.execution.safeTxHash, let stored = try await store.storage.transaction(safeTxHash),
                      stored.transaction.safe == safe {
                items.append((order, .multisig(stored, served)))
                listed.insert(hash)
            } else if unheld[hash] == nil {
                unheld[hash] = (order.0, order.1, served.execution.carrier)
            }
        }
        for transfer in read.transfers where !listed.contains(transfer.transactionHash) && unheld[transfer.transactionHash] == nil {
            unheld[transfer.transactionHash] = (transfer.block, transfer.logIndex, nil)
        }
        let unfetched = unheld.filter { $0.value.carrier == nil && !listed.contains($0.key) }.map(\.key)
        let carriers = try await store.chain.remote.batch(unfetched, EthereumRemote.Requests.transaction(hash:))
        let byHash = Dictionary(grouping: read.transfers) { $0.transactionHash }
        for (hash, place) in unheld where !listed.contains(hash) {
            items.append(((place.block, place.index), .ethereum(hash: hash, block: place.block, date: read.activity.date(of: place.block),
                                                                carrier: place.carrier ?? carriers[hash], transfers: byHash[hash] ?? [])))
        }
        return items.sorted { $0.order > $1.order }.map(\.item)
    }
}

/// The owners' executions on a served Safe by the Safe transaction each ran, as the chain recorded
/// them (read once per head): what the multisig listings say of an executed transaction.
public struct ServedExecutions: CoSigningAction {
    public let safe: Address
    public init(safe: Address) { self.safe = safe }
    public func perform(on store: CoSigningStore) async throws -> [[UInt8]: ServedExecution] {
        let executions = try await ServedActivity.read(safe, store: store).executions
        // A hash runs once; should a node list it twice, the later log stands.
        return Dictionary(executions.compactMap { e in e.execution.safeTxHash.map { ($0, e) } }, uniquingKeysWith: { _, later in later })
    }
}
