import BigInt
import EthereumKit

/// The outcome of a mined transaction.
public struct TransactionReceipt: Sendable, Equatable {
    /// The transaction hash.
    public let transactionHash: [UInt8]
    /// True when execution succeeded (status 1), false when it reverted (status 0).
    public let status: Bool
    /// The block it was mined in.
    public let blockNumber: BigUInt
    /// The gas it consumed.
    public let gasUsed: BigUInt
    /// The price per gas actually paid; gasUsed × effectiveGasPrice is the fee.
    public let effectiveGasPrice: BigUInt
    /// The sender.
    public let from: Address
    /// Nil for a contract creation.
    public let to: Address?
    /// The created contract, for a creation.
    public let contractAddress: Address?
    /// The events it emitted.
    public let logs: [Log]

    /// A receipt from its fields.
    public init(
        transactionHash: [UInt8],
        status: Bool,
        blockNumber: BigUInt,
        gasUsed: BigUInt,
        effectiveGasPrice: BigUInt,
        from: Address,
        to: Address?,
        contractAddress: Address? = nil,
        logs: [Log] = []
    ) {
        self.transactionHash = transactionHash
        self.status = status
        self.blockNumber = blockNumber
        self.gasUsed = gasUsed
        self.effectiveGasPrice = effectiveGasPrice
        self.from = from
        self.to = to
        self.contractAddress = contractAddress
        self.logs = logs
    }

    /// What the transaction cost its sender: gasUsed × effectiveGasPrice.
    public var fee: BigUInt { gasUsed * effectiveGasPrice }
}
