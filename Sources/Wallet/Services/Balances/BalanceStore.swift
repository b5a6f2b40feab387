import BigInt
import Networking
import Storage

/// One token balance.
public struct TokenBalance: Sendable, Equatable {
    public let token: Address
    public let symbol: String
    public let decimals: Int
    public let raw: BigUInt
    /// The balance in display units, exact.
    public var amount: TokenAmount { TokenAmount(raw: raw, decimals: decimals) }

    /// `text`, an amount as a person writes it in this token's units (`12.5`), read with its
    /// decimals: the one reading of a token amount for a send, a Safe proposal and a transfer sheet.
    public func amount(parsing text: String) throws(AmountError) -> TokenAmount {
        try TokenAmount(parsing: text, decimals: decimals)
    }

    /// A token balance.
    public init(token: Address, symbol: String, decimals: Int, raw: BigUInt) {
        self.token = token
        self.symbol = symbol
        self.decimals = decimals
        self.raw = raw
    }
}

/// An address's ether and token balances, read together.
public struct Balances: Sendable, Equatable {
    public let address: Address
    public let chainID: BigUInt
    public let ether: EtherAmount
    public let tokens: [TokenBalance]

    /// A Balances value.
    public init(address: Address, chainID: BigUInt, ether: EtherAmount, tokens: [TokenBalance]) {
        self.address = address
        self.chainID = chainID
        self.ether = ether
        self.tokens = tokens
    }
}

/// Reads ETH and ERC-20 balances of one address in one round trip.
public struct FetchBalances: BalanceAction {
    public let address: Address
    /// Tokens to read; when empty, the whitelisted tokens known for the chain.
    public let tokens: [Address]
    public let chain: ChainSelection
    public init(address: Address, tokens: [Address], chain: ChainSelection) {
        self.address = address
        self.tokens = tokens
        self.chain = chain
    }
    public func perform(on store: BalanceStore) async throws -> Balances { try await store.fetch(self) }
}

/// Balances: one JSON-RPC batch for the chain ID, the ether balance, every `balanceOf`, and the
/// metadata of any token not yet known, however many tokens there are.
public struct BalanceStore: Sendable {
    let tokens: TokenStorage
    let connector: ChainConnector

    /// A store that knows tokens from `tokens` and reaches chains through `connector`.
    public init(tokens: TokenStorage, connector: ChainConnector) {
        self.tokens = tokens
        self.connector = connector
    }

    func fetch(_ f: FetchBalances) async throws -> Balances {
        let chain = try await connector.connect(f.chain)
        var known = [Token]()
        if let network = chain.network { known = (try? await tokens.tokens(chainID: network.chainID)) ?? [] }
        let query = BalanceQuery(address: f.address, tokens: f.tokens.isEmpty ? nil : f.tokens, known: known)
        var batch = RPCBatch()
        let chainSlot = batch.add(EthereumRemote.Requests.chainID())
        let slots = query.add(to: &batch)
        let answers = try await chain.remote.send(batch)
        let chainID = try chain.verify(chainID: try answers.get(chainSlot))
        let (wei, balances) = try query.decode(slots, from: answers)
        return Balances(address: f.address, chainID: chainID, ether: EtherAmount(wei: wei), tokens: balances)
    }
}
