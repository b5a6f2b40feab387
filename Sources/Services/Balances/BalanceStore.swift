import BigInt
import Networking

/// One token balance.
public struct TokenBalance: Sendable, Equatable {
    public let token: Address
    public let symbol: String
    public let decimals: Int
    public let raw: BigUInt
    /// The balance in display units, exact.
    public var amount: TokenAmount { TokenAmount(raw: raw, decimals: decimals) }
}

/// An address's ether and token balances, read together.
public struct Balances: Sendable, Equatable {
    public let address: Address
    public let chainID: BigUInt
    public let ether: EtherAmount
    public let tokens: [TokenBalance]
}

/// Reads ETH and ERC-20 balances of one address in one round trip.
public struct FetchBalances: StoreAction {
    public typealias Store = BalanceStore
    public static var store: KeyPath<Dispatcher, BalanceStore> { \.balances }
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
        let chain = try connector.connect(f.chain)
        let known = chain.network.map { (try? tokens.tokens(chainID: $0.chainID)) ?? [] } ?? []
        let wanted = f.tokens.isEmpty ? known.filter(\.whitelisted).map(\.address) : f.tokens
        let r = EthereumRemote.Requests.self
        var requests: [RPCRequest<JSONValue>] = [r.raw(r.chainID()), r.raw(r.balance(of: f.address))]
        var layout: [(token: Address, meta: Token?)] = []
        for t in wanted {
            let meta = known.first { $0.address == t }
            layout.append((t, meta))
            requests.append(r.raw(r.call(CallRequest(to: t, data: ERC20.balanceOf(f.address)))))
            if meta == nil {
                requests.append(r.raw(r.call(CallRequest(to: t, data: ERC20.symbol))))
                requests.append(r.raw(r.call(CallRequest(to: t, data: ERC20.decimals))))
            }
        }
        let results = try await chain.remote.batch(requests)
        let chainID = try chain.verify(chainID: try RPCMapper.quantity(try results[0].get()))
        let wei = try RPCMapper.quantity(try results[1].get())
        var index = 2
        var balances = [TokenBalance]()
        for (token, meta) in layout {
            let raw = try ERC20.decodeUInt(try RPCMapper.data(try results[index].get()))
            index += 1
            var symbol = meta?.symbol ?? "?"
            var decimals = meta?.decimals ?? 0
            if meta == nil {
                guard let s = try? ERC20.decodeString(try RPCMapper.data(try results[index].get())),
                      let d = try? ERC20.decodeUInt(try RPCMapper.data(try results[index + 1].get())), d <= 255
                else { throw ChainError.notAToken(token) }
                symbol = s
                decimals = Int(d)
                index += 2
            }
            balances.append(TokenBalance(token: token, symbol: symbol, decimals: decimals, raw: raw))
        }
        return Balances(address: f.address, chainID: chainID, ether: EtherAmount(wei: wei), tokens: balances)
    }
}
