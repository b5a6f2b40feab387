import BigInt
import EthereumKit
import Services

/// Which transfers a listing keeps: the official service's filters, each nil or empty to keep all.
/// As there, every filter given must hold: `ether=true&erc20=true` keeps nothing.
public struct ServedTransferFilter: Sendable, Equatable {
    /// Per kind (`ether`, `erc20`, `erc721`): true keeps only that kind, false drops it.
    public var kinds: [ServedTransfer.Kind: Bool] = [:]
    public var token: Address?
    public var from: Address?
    public var to: Address?
    public var transactionHash: [UInt8]?
    /// Blocks above and below these, exclusive; set through `above(_:)` and `below(_:)`.
    public private(set) var blockAbove: BigUInt?
    public private(set) var blockBelow: BigUInt?

    /// Keeps every transfer.
    public init() {}

    /// Keeps only blocks above `block` as well: bounds given together narrow, never widen.
    public mutating func above(_ block: BigUInt) { blockAbove = Swift.max(blockAbove ?? block, block) }
    /// Keeps only blocks below `block` as well.
    public mutating func below(_ block: BigUInt) { blockBelow = Swift.min(blockBelow ?? block, block) }
    /// Keeps only `block` itself.
    public mutating func only(_ block: BigUInt) {
        if block > 0 { above(block - 1) }
        below(block + 1)
    }

    /// Whether `transfer` passes every filter set.
    public func keeps(_ transfer: ServedTransfer) -> Bool {
        kinds.allSatisfy { (transfer.kind == $0.key) == $0.value } && (token == nil || transfer.token == token)
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
    public func perform(on store: CoSigningStore) async throws -> [ServedTransfer] {
        let read = try await ServedActivity.read(safe, store: store)
        return read.transfers.filter { (!incomingOnly || $0.to == safe) && filter.keeps($0) }.reversed()
    }
}

/// A served Safe's module executions, newest first: the official `module-transactions/`.
public struct ServedModuleTransactions: CoSigningAction {
    public let safe: Address
    public init(safe: Address) { self.safe = safe }
    public func perform(on store: CoSigningStore) async throws -> [ServedExecution] {
        try await ServedActivity.read(safe, store: store).executions.filter { $0.execution.module != nil }.reversed()
    }
}
