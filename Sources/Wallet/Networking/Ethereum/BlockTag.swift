import BigInt
import EthereumKit

/// Which block a read refers to.
public enum BlockTag: Sendable, Hashable {
    /// The head of the chain.
    case latest
    /// The head plus the node's pending transactions (for nonces).
    case pending
    /// The genesis block.
    case earliest
    /// The latest block the consensus layer calls safe (post-merge chains).
    case safe
    /// The latest finalized block (post-merge chains).
    case finalized
    /// A block by number.
    case number(BigUInt)

    /// The JSON-RPC parameter: a tag name, or the block number as a hex quantity.
    public var jsonValue: JSONValue {
        switch self {
        case .latest: return .string("latest")
        case .pending: return .string("pending")
        case .earliest: return .string("earliest")
        case .safe: return .string("safe")
        case .finalized: return .string("finalized")
        case .number(let n): return RPCParam.quantity(n)
        }
    }
}
