import BigInt

/// An amount of an ERC-20 token: the raw integer and the token's `decimals`.
public struct TokenAmount: Hashable, Sendable, CustomStringConvertible {
    /// The integer the contract stores.
    public let raw: BigUInt
    /// How many decimal places the token's display unit has.
    public let decimals: Int

    /// An amount from the contract's raw integer.
    public init(raw: BigUInt, decimals: Int) {
        self.raw = raw
        self.decimals = decimals
    }

    /// Parses a decimal such as `12.5` in display units; more places than `decimals` is an error.
    public init(parsing text: String, decimals: Int) throws(AmountError) {
        self.raw = try DecimalScaling.parse(text, decimals: decimals)
        self.decimals = decimals
    }

    /// Exact display value without trailing zeros.
    public var description: String { DecimalScaling.format(raw, decimals: decimals) }
}
