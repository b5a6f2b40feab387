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
        let (id, name, symbol, decimals) = try await chain.remote.batch(
            r.chainID(), r.call(CallRequest(to: a.address, data: ERC20.name)),
            r.call(CallRequest(to: a.address, data: ERC20.symbol)), r.call(CallRequest(to: a.address, data: ERC20.decimals)))
        let chainID = try chain.verify(chainID: try id.get())
        guard let n = try? ERC20.decodeString(try name.get()), let s = try? ERC20.decodeString(try symbol.get()),
              let d = try? ERC20.decodeUInt(try decimals.get()), d <= 255
        else { throw ChainError.notAToken(a.address) }
        let token = Token(chainID: chainID, address: a.address, name: n, symbol: s, decimals: Int(d),
                          whitelisted: a.whitelisted, addedAt: now())
        try await storage.save(token)
        return token
    }

    func list(_ l: ListTokens) async throws -> [Token] {
        try await storage.tokens(chainID: try await connector.connect(l.chain).chainID())
    }
}
