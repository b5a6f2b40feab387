import BigInt
import EthereumKit

/// The outcome of a mined transaction.
public struct TransactionReceipt: Sendable, Equatable {
    public let transactionHash: [UInt8]
    /// True when execution succeeded (status 1), false when it reverted (status 0).
    public let status: Bool
    public let blockNumber: BigUInt
    public let gasUsed: BigUInt
    /// The price per gas actually paid; gasUsed × effectiveGasPrice is the fee.
    public let effectiveGasPrice: BigUInt
    public let from: Address
    /// Nil for a contract creation.
    public let to: Address?
    /// The created contract, for a creation.
    public let contractAddress: Address?
    public let logs: [Log]

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
