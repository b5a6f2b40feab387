import BigInt
import EthereumKit
import Foundation
import GRDB

/// The `token` row.
struct TokenRecord: Codable, FetchableRecord, PersistableRecord, EntityRecord, Sendable {
    enum Columns {
        static let chainId = Column(CodingKeys.chainId)
        static let address = Column(CodingKeys.address)
        static let symbol = Column(CodingKeys.symbol)
    }

    static let databaseTableName = "token"

    var chainId: String
    var address: String
    var name: String
    var symbol: String
    var decimals: Int
    var whitelisted: Bool
    var addedAt: Date

    init(_ t: Token) {
        chainId = String(t.chainID)
        address = t.address.checksummed
        name = t.name
        symbol = t.symbol
        decimals = t.decimals
        whitelisted = t.whitelisted
        addedAt = t.addedAt
    }

    var rowDescription: String { "the token \(address) on chain \(chainId)" }

    var decoded: Token? {
        guard let id = BigUInt(chainId, radix: 10), let a = try? Address(address) else { return nil }
        return Token(chainID: id, address: a, name: name, symbol: symbol, decimals: decimals, whitelisted: whitelisted, addedAt: addedAt)
    }
}
