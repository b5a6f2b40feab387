import BigInt
import EthereumKit
import GRDB

/// Reads and writes the address book: one name per address and chain.
public struct AddressBookStorage: Sendable {
    let database: AppDatabase

    /// Address book storage over `database`.
    public init(database: AppDatabase) { self.database = database }

    /// Adds the entries, renaming addresses already in the book, in one transaction.
    public func save(_ entries: [AddressBookEntry]) async throws(StorageError) {
        let records = entries.map(AddressBookRecord.init)
        try await database.write { db in for record in records { try record.save(db) } }
    }

    /// Removes `address` on `chainID`; false when it was not in the book.
    public func remove(chainID: BigUInt, address: Address) async throws(StorageError) -> Bool {
        let id = String(chainID), a = address.checksummed
        return try await database.write { db in
            try AddressBookRecord.filter(AddressBookRecord.Columns.chainId == id && AddressBookRecord.Columns.address == a).deleteAll(db) > 0
        }
    }

    /// The book for `chainID`, or every chain's when nil, by name.
    public func entries(chainID: BigUInt?) async throws(StorageError) -> [AddressBookEntry] {
        let id = chainID.map { String($0) }
        return try await database.read { db in
            var request = AddressBookRecord.all()
            if let id { request = request.filter(AddressBookRecord.Columns.chainId == id) }
            return try request.order(AddressBookRecord.Columns.name, AddressBookRecord.Columns.address).fetchAll(db).map { try $0.entity() }
        }
    }
}
