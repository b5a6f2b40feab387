import BigInt
import EthereumKit

/// One ERC-721 token a Safe holds (`GET /api/v2/safes/{address}/collectibles/`).
public struct ServiceWireCollectible: Sendable, Equatable {
    public var address: Address
    public var tokenName: String?
    public var tokenSymbol: String?
    public var id: BigUInt
    /// What the contract's `tokenURI` answers; nil when it has none.
    public var uri: String?

    /// A token of the collection at `address`.
    public init(address: Address, tokenName: String?, tokenSymbol: String?, id: BigUInt, uri: String?) {
        self.address = address
        self.tokenName = tokenName
        self.tokenSymbol = tokenSymbol
        self.id = id
        self.uri = uri
    }

    /// The official members; the ones the official service fills from the metadata it fetches
    /// (`name`, `description`, `imageUri`, `metadata`) stay empty, since this server fetches no outside URL.
    public var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        return .members([("address", .string(address.checksummed)), ("tokenName", text(tokenName)), ("tokenSymbol", text(tokenSymbol)),
                         ("logoUri", .null), ("id", .string(String(id))), ("uri", text(uri)), ("name", .null), ("description", .null),
                         ("imageUri", .null), ("metadata", .object([]))])
    }
}
