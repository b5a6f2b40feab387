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

    /// A log from its fields; the position fields default to pending (nil).
    public init(
        address: Address,
        topics: [[UInt8]],
        data: [UInt8],
        blockNumber: BigUInt? = nil,
        transactionHash: [UInt8]? = nil,
        logIndex: BigUInt? = nil
    ) {
        self.address = address
        self.topics = topics
        self.data = data
        self.blockNumber = blockNumber
        self.transactionHash = transactionHash
        self.logIndex = logIndex
    }
}
