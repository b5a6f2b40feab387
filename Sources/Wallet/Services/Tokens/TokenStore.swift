import BigInt
import Foundation
import Networking
import Storage

/// Adds a token by address, reading its metadata from the chain in one round trip.
public struct AddToken: TokenAction {
    public let address: Address
    public let chain: ChainSelection
    public let whitelisted: Bool
    public init(address: Address, chain: ChainSelection, whitelisted: Bool = true) {
        self.address = address
        self.chain = chain
        self.whitelisted = whitelisted
    }
    public func perform(on store: TokenStore) async throws -> Token { try await store.add(self) }
}

/// The tokens known for the selected chain.
public struct ListTokens: TokenAction {
    public let chain: ChainSelection
    public init(chain: ChainSelection) { self.chain = chain }
    public func perform(on store: TokenStore) async throws -> [Token] { try await store.list(self) }
}

/// Known ERC-20 tokens per chain.
public struct TokenStore: Sendable {
    let storage: TokenStorage
    let connector: ChainConnector
    let now: @Sendable () -> Date

    /// A store over `storage`, reaching chains through `connector`.
    public init(storage: TokenStorage, connector: ChainConnector, now: @escaping @Sendable () -> Date = Date.init) {
        self.storage = storage
        self.connector = connector
        self.now = now
    }

    func add(_ a: AddToken) async throws -> Token {
        let chain = try await connector.connect(a.chain)
        let r = EthereumRemote.Requests.self
        // One round trip: the node's chain ID, checked against the network, and the token's three answers.
        let calls = TokenMetadata.requests(a.address)
        let (id, name, symbol, decimals) = try await chain.remote.batch(r.chainID(), calls[0], calls[1], calls[2])
        let chainID = try chain.verify(chainID: try id.get())
        let meta = try TokenMetadata.decode(a.address, [name, symbol, decimals][...])
        let token = Token(chainID: chainID, address: a.address, name: meta.name, symbol: meta.symbol, decimals: meta.decimals,
                          whitelisted: a.whitelisted, addedAt: now())
        try await storage.save(token)
        return token
    }

    func list(_ l: ListTokens) async throws -> [Token] {
        try await storage.tokens(chainID: try await connector.connect(l.chain).chainID())
    }
}
