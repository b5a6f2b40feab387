import BigInt
import EthereumKit

/// A token's display unit as the home knows it (its list of tokens): the symbol and decimals that
/// turn a raw amount of the token into what a person reads.
public struct TokenUnit: Sendable, Hashable {
    public let symbol: String
    public let decimals: Int

    /// The unit of a token with `symbol` and `decimals`.
    public init(symbol: String, decimals: Int) {
        self.symbol = symbol
        self.decimals = decimals
    }

    /// `raw` in this unit, exact, e.g. `12.5 BTT`; the largest uint256 (an approval without limit) as `unlimited BTT`.
    public func text(_ raw: BigUInt) -> String {
        if raw == BigUInt(1) << 256 - 1 { return "unlimited \(symbol)" }
        return "\(TokenAmount(raw: raw, decimals: decimals).description) \(symbol)"
    }

    /// Which argument of an ERC-20 call to a token is an amount of that token: the last one of
    /// `transfer`, `approve` and `transferFrom`; nil for any other function.
    static func amountArgument(of signature: FunctionSignature) -> Int? {
        switch signature.canonical {
        case "transfer(address,uint256)", "approve(address,uint256)": return 1
        case "transferFrom(address,address,uint256)": return 2
        default: return nil
        }
    }
}

extension TokenUnit {
    /// What a bare integer typed for an amount of this token means, for a field's hint: the
    /// smallest unit, with the unit suffix that writes whole tokens when there is one.
    public var baseUnitHint: String {
        let one = BigUInt(10).power(decimals)
        let whole = decimals == 18 ? "write 12.5ether for 12.5 \(symbol)" : "1 \(symbol) is \(one)"
        return "a bare number counts \(symbol)'s smallest unit (\(decimals) decimals): 1 means \(text(1)); \(whole)"
    }
}
