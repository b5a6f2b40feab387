import BigInt
import EthereumKit
import Networking
import Services
import Storage

/// One line of a served Safe's balances: ether (no token) or an ERC-20 token with its metadata.
public struct ServedBalance: Sendable, Equatable {
    /// Nil for ether.
    public let token: Address?
    public let metadata: TokenMetadata?
    public let balance: BigUInt
}

/// An ERC-20 token's metadata, read from its contract.
public struct ServedToken: CoSigningAction {
    public let address: Address
    public init(address: Address) { self.address = address }
    public func perform(on store: CoSigningStore) async throws -> TokenMetadata {
        let remote = store.chain.remote
        let answers = try await remote.batch(TokenMetadata.requests(address))
        return try TokenMetadata.decode(address, answers[...])
    }
}

/// A served Safe's ether and the ERC-20 tokens this server saw move to or from it, read from the
/// chain in one round trip; a token that no longer answers as one is left out.
public struct ServedBalances: CoSigningAction {
    public let safe: Address
    public init(safe: Address) { self.safe = safe }
    public func perform(on store: CoSigningStore) async throws -> [ServedBalance] {
        let tokens = try await store.storage.tokensMoved(chainID: try await store.chainID(), safe: safe)
        let r = EthereumRemote.Requests.self
        let remote = store.chain.remote
        let requests = tokens.flatMap { [r.call(CallRequest(to: $0, data: ERC20.balanceOf(safe)))] + TokenMetadata.requests($0) }
        async let ether = remote.send(r.balance(of: safe))
        let answers = requests.isEmpty ? [] : try await remote.batch(requests)
        var lines = [ServedBalance(token: nil, metadata: nil, balance: try await ether)]
        for (i, token) in tokens.enumerated() {
            let base = i * 4
            guard let raw = try? answers[base].get(), let balance = try? ERC20.decodeUInt(raw),
                  let metadata = try? TokenMetadata.decode(token, answers[(base + 1)...(base + 3)]) else { continue }
            lines.append(ServedBalance(token: token, metadata: metadata, balance: balance))
        }
        return lines
    }
}

/// The ERC-20 tokens the server has seen move for any served Safe, each described from its
/// contract, by name as the official list orders them; one that no longer answers is left out.
public struct ServedTokens: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore) async throws -> [(address: Address, metadata: TokenMetadata)] {
        let tokens = try await store.storage.tokensMoved(chainID: try await store.chainID(), safe: nil)
        let metadata = try await TokenMetadata.read(tokens, remote: store.chain.remote)
        return tokens.compactMap { token in metadata[token].map { (token, $0) } }
            .sorted { ($0.metadata.name, $0.address.checksummed) < ($1.metadata.name, $1.address.checksummed) }
    }
}
