import BigInt
import EthereumKit
import Foundation
import GRDB

/// The `addressBookEntry` row.
struct AddressBookRecord: Codable, FetchableRecord, PersistableRecord, EntityRecord, Sendable {
    enum Columns {
        static let chainId = Column(CodingKeys.chainId)
        static let address = Column(CodingKeys.address)
        static let name = Column(CodingKeys.name)
    }

    static let databaseTableName = "addressBookEntry"

    var chainId: String
    var address: String
    var name: String
    var addedAt: Date

    init(_ e: AddressBookEntry) {
        chainId = String(e.chainID)
        address = e.address.checksummed
        name = e.name
        addedAt = e.addedAt
    }

    var rowDescription: String { "the address book entry \(address) on chain \(chainId)" }

    var decoded: AddressBookEntry? {
        guard let id = BigUInt(chainId, radix: 10), let a = try? Address(address) else { return nil }
        return AddressBookEntry(chainID: id, address: a, name: name, addedAt: addedAt)
    }
}
