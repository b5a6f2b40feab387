import Storage

/// A known ERC-20 token in the JSON the command line prints.
public struct TokenView: Codable, Sendable, Hashable {
    public var address: String
    public var name: String
    public var symbol: String
    public var decimals: Int
    public var chainId: String
    public var whitelisted: Bool

    /// The view of `token`.
    public init(_ token: Token) {
        address = token.address.checksummed
        name = token.name
        symbol = token.symbol
        decimals = token.decimals
        chainId = String(token.chainID)
        whitelisted = token.whitelisted
    }
}

/// A token balance, in a Safe's or an account's assets.
public struct TokenBalanceView: Codable, Sendable, Hashable {
    public var address: String
    public var symbol: String
    public var decimals: Int
    /// The amount in the token's units, e.g. `12.5`.
    public var balance: String
    /// The amount in the token's smallest unit.
    public var raw: String

    /// The view of `balance`.
    public init(_ balance: TokenBalance) {
        address = balance.token.checksummed
        symbol = balance.symbol
        decimals = balance.decimals
        self.balance = balance.amount.description
        raw = String(balance.raw)
    }
}

/// An ether amount, exact in wei and in ether.
public struct EtherBalanceView: Codable, Sendable, Hashable {
    public var wei: String
    public var ether: String

    /// The view of `amount`.
    public init(_ amount: EtherAmount) {
        wei = String(amount.wei)
        ether = amount.exact(in: .ether)
    }
}

/// An address's ether and token balances (`balance`).
public struct BalancesView: Codable, Sendable, Hashable {
    public var address: String
    public var wei: String
    public var ether: String
    /// The ether balance in fiat at the cached rate; null when no rate was ever fetched.
    @NullWhenAbsent public var fiat: FiatValueView?
    public var tokens: [TokenBalanceView]

    /// The view of `balances`, with their fiat value when one is known.
    public init(_ balances: Balances, fiat: FiatValueView? = nil) {
        address = balances.address.checksummed
        wei = String(balances.ether.wei)
        ether = balances.ether.exact(in: .ether)
        self.fiat = fiat
        tokens = balances.tokens.map(TokenBalanceView.init)
    }
}
