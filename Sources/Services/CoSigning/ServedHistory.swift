import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Storage

/// An execution on a served Safe, by its owners or a module, with its block's time and the
/// transfers its transaction made.
public struct ServedExecution: Sendable {
    public let execution: SafeChainActivity.Execution
    public let date: Date
    public let transfers: [ServedTransfer]
    /// `i` + the carrier's hash + the execution log's index: unique and stable.
    public var id: String {
        "i\(Hex.encode(execution.log.transactionHash ?? []).dropFirst(2))\(execution.log.logIndex ?? 0)"
    }
}

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

/// A served Safe's activity since its creation, with its transfers described.
struct ServedActivity {
    let activity: SafeChainActivity
    /// Oldest first.
    let transfers: [ServedTransfer]

    /// Reads it from the chain: the creation block (searched once per Safe), then
    /// `SafeChainActivity` to the head, then the tokens' metadata in one batch. What is not a Safe is refused.
    static func read(_ safe: Address, store: CoSigningStore) async throws -> ServedActivity {
        _ = try await store.safe(safe)
        let remote = store.chain.remote
        // A node that cannot search old state makes the read start at the genesis block.
        let start = (try? await store.creationBlock(of: safe)) ?? nil
        let activity = try await SafeChainActivity.read(safe, remote: remote, from: start ?? 0, to: try await remote.blockNumber())
        let tokens = Array(Set(activity.tokenTransfers.map(\.address)))
        let answers = tokens.isEmpty ? [] : try await remote.batch(tokens.flatMap(TokenMetadata.requests))
        var metadata: [Address: TokenMetadata] = [:]
        for (i, token) in tokens.enumerated() { metadata[token] = try? TokenMetadata.decode(token, answers[(3 * i)..<(3 * i + 3)]) }
        return ServedActivity(activity: activity, transfers: ServedTransfer.all(in: activity, metadata: metadata))
    }

    /// The executions, oldest first, each with the transfers of its transaction.
    var executions: [ServedExecution] {
        let byHash = Dictionary(grouping: transfers) { $0.transactionHash }
        return activity.executions.map {
            ServedExecution(execution: $0, date: activity.date(of: $0.log.blockNumber), transfers: byHash[$0.log.transactionHash ?? []] ?? [])
        }
    }
}

/// Which transfers a listing keeps: the official service's filters, each nil or empty to keep all.
public struct ServedTransferFilter: Sendable, Equatable {
    /// Only these kinds (`ether`, `erc20`, `erc721` set true); empty for every kind.
    public var kinds: Set<ServedTransfer.Kind> = []
    public var token: Address?
    public var from: Address?
    public var to: Address?
    public var transactionHash: [UInt8]?
    /// Blocks above and below these, exclusive; both the same block's neighbours for `block_number`.
    public var blockAbove: BigUInt?
    public var blockBelow: BigUInt?

    /// Keeps every transfer.
    public init() {}

    /// Whether `transfer` passes every filter set.
    public func keeps(_ transfer: ServedTransfer) -> Bool {
        (kinds.isEmpty || kinds.contains(transfer.kind)) && (token == nil || transfer.token == token)
            && (from == nil || transfer.from == from) && (to == nil || transfer.to == to)
            && (transactionHash == nil || transfer.transactionHash == transactionHash)
            && (blockAbove.map { transfer.block > $0 } ?? true) && (blockBelow.map { transfer.block < $0 } ?? true)
    }
}

/// A served Safe's transfers, newest first, as `filter` keeps them: the official `transfers/`,
/// or with `incomingOnly` its `incoming-transfers/` (those to the Safe).
public struct ServedTransfers: CoSigningAction {
    public let safe: Address
    public let incomingOnly: Bool
    public let filter: ServedTransferFilter
    public init(safe: Address, incomingOnly: Bool, filter: ServedTransferFilter = ServedTransferFilter()) {
        self.safe = safe
        self.incomingOnly = incomingOnly
        self.filter = filter
    }
    public func perform(on store: CoSigningStore?) async throws -> [ServedTransfer] {
        let read = try await ServedActivity.read(safe, store: try store.open())
        return read.transfers.filter { (!incomingOnly || $0.to == safe) && filter.keeps($0) }.reversed()
    }
}

/// A served Safe's module executions, newest first: the official `module-transactions/`.
public struct ServedModuleTransactions: CoSigningAction {
    public let safe: Address
    public init(safe: Address) { self.safe = safe }
    public func perform(on store: CoSigningStore?) async throws -> [ServedExecution] {
        try await ServedActivity.read(safe, store: try store.open()).executions.filter { $0.execution.module != nil }.reversed()
    }
}

/// A served Safe's executed history, newest first: the official `all-transactions/`. Stored
/// multisig transactions and module executions carry the transfers of their transaction; every
/// other transaction that moved assets, or executed a transaction this server does not hold, is
/// an Ethereum transaction.
public struct ServedAllTransactions: CoSigningAction {
    public let safe: Address
    public init(safe: Address) { self.safe = safe }
    public func perform(on store: CoSigningStore?) async throws -> [ServedHistoryItem] {
        let store = try store.open()
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
        let answers = unfetched.isEmpty ? [] : try await store.chain.remote.batch(unfetched.map { EthereumRemote.Requests.transaction(hash: $0) })
        var carriers: [[UInt8]: RemoteTransaction] = [:]
        for (i, hash) in unfetched.enumerated() { carriers[hash] = (try? answers[i].get()) ?? nil }
        let byHash = Dictionary(grouping: read.transfers) { $0.transactionHash }
        for (hash, place) in unheld where !listed.contains(hash) {
            items.append(((place.block, place.index), .ethereum(hash: hash, block: place.block, date: read.activity.date(of: place.block),
                                                                carrier: place.carrier ?? carriers[hash], transfers: byHash[hash] ?? [])))
        }
        return items.sorted { $0.order > $1.order }.map(\.item)
    }
}
