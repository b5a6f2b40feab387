import BigInt

/// Recent base fees and priority-fee percentiles (`eth_feeHistory`), the input to EIP-1559 fee estimates.
public struct FeeHistory: Sendable, Equatable {
    /// The first block of the range.
    public let oldestBlock: BigUInt
    /// One per block in the range, plus the next block's base fee.
    public let baseFeePerGas: [BigUInt]
    /// Gas used over gas limit, one per block.
    public let gasUsedRatio: [Double]
    /// Per block, the priority fee at each requested percentile; nil when no percentiles were asked.
    public let reward: [[BigUInt]]?

    /// A fee history from its fields.
    public init(oldestBlock: BigUInt, baseFeePerGas: [BigUInt], gasUsedRatio: [Double], reward: [[BigUInt]]?) {
        self.oldestBlock = oldestBlock
        self.baseFeePerGas = baseFeePerGas
        self.gasUsedRatio = gasUsedRatio
        self.reward = reward
    }
}
