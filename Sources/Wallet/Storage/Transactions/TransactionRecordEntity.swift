import BigInt
import EthereumKit
import Foundation

/// Where a sent transaction stands.
public enum TransactionStatus: String, Sendable, Codable {
    /// Signed and recorded; not yet accepted by a node.
    case signed
    /// Accepted by the node, waiting to be mined.
    case pending
    /// Mined and succeeded.
    case success
    /// Mined and reverted.
    case reverted
    /// The node refused it; see `error`.
    case rejected
}

/// A transaction Bifrost signed, as kept in the local history.
public struct StoredTransaction: Sendable, Hashable {
    public let hash: [UInt8]
    public let chainID: BigUInt
    public let from: Address
    public let to: Address?
    public let value: BigUInt
    public let nonce: BigUInt
    public let raw: [UInt8]
    public let keyName: String?
    /// For token transfers: the token contract and the amount in its smallest unit.
    public let token: Address?
    public let tokenAmount: BigUInt?
    public var status: TransactionStatus
    public var error: String?
    public var blockNumber: BigUInt?
    public var gasUsed: BigUInt?
    public var effectiveGasPrice: BigUInt?
    public let createdAt: Date
    public var updatedAt: Date

    /// A transaction entity.
    public init(hash: [UInt8], chainID: BigUInt, from: Address, to: Address?, value: BigUInt, nonce: BigUInt,
                raw: [UInt8], keyName: String?, token: Address? = nil, tokenAmount: BigUInt? = nil,
                status: TransactionStatus, error: String? = nil, blockNumber: BigUInt? = nil,
                gasUsed: BigUInt? = nil, effectiveGasPrice: BigUInt? = nil, createdAt: Date, updatedAt: Date) {
        self.hash = hash
        self.chainID = chainID
        self.from = from
        self.to = to
        self.value = value
        self.nonce = nonce
        self.raw = raw
        self.keyName = keyName
        self.token = token
        self.tokenAmount = tokenAmount
        self.status = status
        self.error = error
        self.blockNumber = blockNumber
        self.gasUsed = gasUsed
        self.effectiveGasPrice = effectiveGasPrice
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
