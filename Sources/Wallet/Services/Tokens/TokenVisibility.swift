import BigInt
import Storage

/// Hides a known token from balance lists, or shows it again (its whitelist flag). Offline.
public struct SetTokenHidden: TokenAction {
    public let address: Address
    public let hidden: Bool
    /// The token's chain; nil resolves the selected network's.
    public let chainID: BigUInt?
    public let chain: ChainSelection
    public init(address: Address, hidden: Bool, chainID: BigUInt? = nil, chain: ChainSelection = ChainSelection()) {
        self.address = address
        self.hidden = hidden
        self.chainID = chainID
        self.chain = chain
    }
    public func perform(on store: TokenStore) async throws -> Token { try await store.setHidden(self) }
}

/// The tokens known on one chain, shown and hidden alike, without asking a node.
public struct TokensOnChain: TokenAction {
    public let chainID: BigUInt
    public init(chainID: BigUInt) { self.chainID = chainID }
    public func perform(on store: TokenStore) async throws -> [Token] { try await store.storage.tokens(chainID: chainID) }
}

extension TokenStore {
    func setHidden(_ s: SetTokenHidden) async throws -> Token {
        var chainID = s.chainID
        if chainID == nil { chainID = try await connector.connect(s.chain).network?.chainID }
        guard let chainID else { throw ChainError.noNetwork }
        guard let token = try await storage.token(chainID: chainID, address: s.address) else { throw ChainError.unknownToken(s.address) }
        let updated = Token(chainID: token.chainID, address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals,
                            whitelisted: !s.hidden, addedAt: token.addedAt)
        if updated != token { try await storage.save(updated) }
        return updated
    }
}
