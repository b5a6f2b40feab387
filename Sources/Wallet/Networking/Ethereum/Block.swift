import BigInt
import EthereumKit

/// A block header with its transaction hashes (as `eth_getBlockByNumber` returns it without bodies).
public struct Block: Sendable, Equatable {
    /// The block number.
    public let number: BigUInt
    /// Empty for the pending block, which has no hash yet.
    public let hash: [UInt8]
    /// Seconds since 1970.
    public let timestamp: BigUInt
    /// Nil before London (EIP-1559).
    public let baseFeePerGas: BigUInt?
    /// The most gas the block's transactions may use together.
    public let gasLimit: BigUInt
    /// The hashes of its transactions, in block order.
    public let transactionHashes: [[UInt8]]

    /// A block from its fields.
    public init(
        number: BigUInt,
        hash: [UInt8],
        timestamp: BigUInt,
        baseFeePerGas: BigUInt?,
        gasLimit: BigUInt,
        transactionHashes: [[UInt8]] = []
    ) {
        self.number = number
        self.hash = hash
        self.timestamp = timestamp
        self.baseFeePerGas = baseFeePerGas
        self.gasLimit = gasLimit
        self.transactionHashes = transactionHashes
    }
}
