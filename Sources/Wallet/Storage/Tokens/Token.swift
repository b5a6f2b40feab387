import BigInt
import EthereumKit
import Foundation

/// An ERC-20 token known on a chain, as in the Heimdall seed's Token model.
public struct Token: Sendable, Hashable {
    public let chainID: BigUInt
    public let address: Address
    public let name: String
    public let symbol: String
    public let decimals: Int
    /// Shown in balances by default; the Heimdall seed's whitelist flag.
    public let whitelisted: Bool
    public let addedAt: Date

    /// A token entity.
    public init(chainID: BigUInt, address: Address, name: String, symbol: String, decimals: Int, whitelisted: Bool, addedAt: Date) {
        self.chainID = chainID
        self.address = address
        self.name = name
        self.symbol = symbol
        self.decimals = decimals
        self.whitelisted = whitelisted
        self.addedAt = addedAt
    }
}
