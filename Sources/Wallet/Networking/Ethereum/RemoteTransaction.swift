import BigInt
import EthereumKit

/// A transaction as a node reports it (`eth_getTransactionByHash`), pending or mined.
public struct RemoteTransaction: Sendable, Equatable {
    /// The transaction hash.
    public let hash: [UInt8]
    /// The sender.
    public let from: Address
    /// Nil for a contract creation.
    public let to: Address?
    /// The sender's nonce.
    public let nonce: BigUInt
    /// Wei transferred.
    public let value: BigUInt
    /// Calldata.
    public let input: [UInt8]
    /// Nil while pending.
    public let blockNumber: BigUInt?
    /// The gas limit.
    public let gas: BigUInt
    /// The legacy price, or for EIP-1559 transactions the effective price once mined (nodes vary).
    public let gasPrice: BigUInt?
    /// EIP-1559 fee cap; nil for legacy transactions. Needed to price a replacement.
    public let maxFeePerGas: BigUInt?
    /// EIP-1559 tip cap; nil for legacy transactions.
    public let maxPriorityFeePerGas: BigUInt?

    /// A transaction from its fields; the fee fields default to nil.
    public init(
        hash: [UInt8],
        from: Address,
        to: Address?,
        nonce: BigUInt,
        value: BigUInt,
        input: [UInt8],
        blockNumber: BigUInt?,
        gas: BigUInt,
        gasPrice: BigUInt? = nil,
        maxFeePerGas: BigUInt? = nil,
        maxPriorityFeePerGas: BigUInt? = nil
    ) {
        self.hash = hash
        self.from = from
        self.to = to
        self.nonce = nonce
        self.value = value
        self.input = input
        self.blockNumber = blockNumber
        self.gas = gas
        self.gasPrice = gasPrice
        self.maxFeePerGas = maxFeePerGas
        self.maxPriorityFeePerGas = maxPriorityFeePerGas
    }
}
