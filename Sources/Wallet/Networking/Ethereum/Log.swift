import BigInt
import EthereumKit

/// An event log as a node reports it (in a receipt or from `eth_getLogs`).
public struct Log: Sendable, Equatable {
    /// The contract that emitted it.
    public let address: Address
    /// Indexed topics, 32 bytes each; the first is the event signature hash for non-anonymous events.
    public let topics: [[UInt8]]
    /// The non-indexed data.
    public let data: [UInt8]
    /// Nil while pending.
    public let blockNumber: BigUInt?
    /// Nil while pending.
    public let transactionHash: [UInt8]?
    /// Position in the block; nil while pending.
    public let logIndex: BigUInt?
    /// The block's hash; nil while pending, or from a node that leaves it out.
    public let blockHash: [UInt8]?
    /// The block's time, from a node that gives it on the log (geth 1.16, reth); nil otherwise.
    public let blockTimestamp: BigUInt?
    /// Whether the node took the log back in a reorganisation (`removed: true`).
    public let removed: Bool

    /// A log from its fields; the position fields default to pending (nil).
    public init(
        address: Address,
        topics: [[UInt8]],
        data: [UInt8],
        blockNumber: BigUInt? = nil,
        transactionHash: [UInt8]? = nil,
        logIndex: BigUInt? = nil,
        removed: Bool = false,
        blockHash: [UInt8]? = nil,
        blockTimestamp: BigUInt? = nil
    ) {
        self.address = address
        self.topics = topics
        self.data = data
        self.blockNumber = blockNumber
        self.transactionHash = transactionHash
        self.logIndex = logIndex
        self.removed = removed
        self.blockHash = blockHash
        self.blockTimestamp = blockTimestamp
    }

    /// Whether this log counts as a fact about one of `emitters`: one of them logged it, and the
    /// node has not taken it back. The one gate every reader of chain events passes a log through,
    /// since a node answers `eth_getLogs` with whatever it likes; `emitters` nil admits any
    /// contract, for token transfers, whose token is the log's own address.
    public func isFact(from emitters: Set<Address>?) -> Bool {
        !removed && (emitters?.contains(address) ?? true)
    }
}
