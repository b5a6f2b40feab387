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
    static func requests(_ token: Address) -> [RPCRequest<[UInt8]>] {
        [ERC20.name, ERC20.symbol, ERC20.decimals].map { EthereumRemote.Requests.call(CallRequest(to: token, data: $0)) }
    }

    /// The metadata from the answers to `requests`, in their order; `notAToken` when one is missing or malformed.
    static func decode(_ token: Address, _ answers: ArraySlice<Result<[UInt8], any Error>>) throws(ChainError) -> TokenMetadata {
        let answers = Array(answers)
        guard answers.count == 3, let name = try? ERC20.decodeString(try answers[0].get()), let symbol = try? ERC20.decodeString(try answers[1].get()),
              let decimals = try? ERC20.decodeUInt(try answers[2].get()), decimals <= 255 else { throw .notAToken(token) }
        return TokenMetadata(name: name, symbol: symbol, decimals: Int(decimals))
    }
}
