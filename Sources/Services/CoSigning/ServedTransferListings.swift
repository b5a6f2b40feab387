import BigInt
import EthereumKit

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
