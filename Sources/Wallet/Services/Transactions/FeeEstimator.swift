import BigInt
import Networking
import Storage

/// Fees for a new transaction.
public enum FeeQuote: Sendable, Equatable {
    /// EIP-1559: fee cap and tip.
    case dynamic(maxFeePerGas: BigUInt, maxPriorityFeePerGas: BigUInt)
    /// Pre-London chains: one gas price.
    case legacy(gasPrice: BigUInt)

    /// The most one unit of gas can cost.
    public var maxPerGas: BigUInt {
        switch self {
        case .dynamic(let maxFee, _): return maxFee
        case .legacy(let price): return price
        }
    }
}

/// Chooses fees from what the node reports: EIP-1559 when blocks carry a base fee, with the tip
/// from recent blocks' median rewards and a cap of twice the next base fee plus the tip (room for
/// six full blocks of base-fee growth); the node's gas price otherwise.
public enum FeeEstimator {
    /// One gwei, the tip when the node offers no better information.
    static let defaultTip = BigUInt(1_000_000_000)

    /// Fees from the latest block, fee history and the node's suggestions (any may be missing).
    public static func quote(latest: Block?, history: FeeHistory?, gasPrice: BigUInt?, suggestedTip: BigUInt?) -> FeeQuote {
        guard let baseFee = latest?.baseFeePerGas else { return .legacy(gasPrice: gasPrice ?? 0) }
        let nextBase = history?.baseFeePerGas.last ?? baseFee
        let rewards = (history?.reward ?? []).compactMap(\.first).filter { $0 > 0 }.sorted()
        let tip = rewards.isEmpty ? (suggestedTip ?? defaultTip) : rewards[rewards.count / 2]
        return .dynamic(maxFeePerGas: nextBase * 2 + tip, maxPriorityFeePerGas: tip)
    }

    /// The gas limit to sign: the estimate, plus 20% headroom unless it is a plain transfer.
    public static func gasLimit(estimate: BigUInt) -> BigUInt {
        estimate == 21_000 ? estimate : estimate + estimate / 5
    }
}
