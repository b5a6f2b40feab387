import BigInt
import EthereumKit
import Foundation
import GRDB

/// The `token` row.
struct TokenRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
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

    var entity: Token? {
        guard let id = BigUInt(chainId, radix: 10), let a = try? Address(address) else { return nil }
        return Token(chainID: id, address: a, name: name, symbol: symbol, decimals: decimals, whitelisted: whitelisted, addedAt: addedAt)
    }
}
