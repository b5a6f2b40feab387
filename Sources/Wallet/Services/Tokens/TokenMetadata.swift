import BigInt
import EthereumKit
import Networking

/// An ERC-20 token's name, symbol and decimals, as its contract answers them: read the same way
/// when a wallet adds a token and when the co-signing server describes one.
public struct TokenMetadata: Sendable, Equatable {
    public let name: String
    public let symbol: String
    public let decimals: Int

    /// The three calls that ask `token`, to put in a batch.
    package static func requests(_ token: Address) -> [RPCRequest<[UInt8]>] {
        [ERC20.name, ERC20.symbol, ERC20.decimals].map { EthereumRemote.Requests.call(CallRequest(to: token, data: $0)) }
    }

    /// The metadata from the answers to `requests`, in their order; `notAToken` when one is missing
    /// or malformed. A `collectible` (ERC-721) has no `decimals`, so its missing answer reads as 0.
    package static func decode(_ token: Address, _ answers: ArraySlice<Result<[UInt8], any Error>>, collectible: Bool = false) throws(ChainError) -> TokenMetadata {
        let answers = Array(answers)
        guard answers.count == 3, let name = try? ERC20.decodeString(try answers[0].get()), let symbol = try? ERC20.decodeString(try answers[1].get()) else {
            throw .notAToken(token)
        }
        let decimals = (try? answers[2].get()).flatMap { try? ERC20.decodeUInt($0) }
        if collectible, decimals == nil { return TokenMetadata(name: name, symbol: symbol, decimals: 0) }
        guard let decimals, decimals <= 255 else { throw .notAToken(token) }
        return TokenMetadata(name: name, symbol: symbol, decimals: Int(decimals))
    }

    /// The metadata of each of `tokens`, asked in one round trip; a contract that does not answer
    /// as a token is left out.
    package static func read(_ tokens: [Address], collectibles: Set<Address> = [], remote: EthereumRemote) async throws(NetworkError) -> [Address: TokenMetadata] {
        guard !tokens.isEmpty else { return [:] }
        let answers = try await remote.batch(tokens.flatMap(requests))
        var metadata: [Address: TokenMetadata] = [:]
        for (i, token) in tokens.enumerated() {
            metadata[token] = try? decode(token, answers[(3 * i)..<(3 * i + 3)], collectible: collectibles.contains(token))
        }
        return metadata
    }
}
