import BigInt
import Foundation
import SafeKit
import Storage

/// The address book: names for addresses, per chain, kept in the home's database.
public struct AddressBookStore: Sendable {
    let storage: AddressBookStorage
    let safes: SafeStorage
    let keys: KeyStore
    let connector: ChainConnector
    let now: @Sendable () -> Date

    /// A store over `storage`, also naming followed Safes from `safes` and keys from `keys`.
    public init(storage: AddressBookStorage, safes: SafeStorage, keys: KeyStore, connector: ChainConnector,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.storage = storage
        self.safes = safes
        self.keys = keys
        self.connector = connector
        self.now = now
    }

    /// `chainID` when given, else the ID of the chain `selection` names.
    func chainID(_ chainID: BigUInt?, _ selection: ChainSelection) async throws -> BigUInt {
        if let chainID { return chainID }
        return try await connector.connect(selection).chainID()
    }

    func add(_ a: AddAddressBookEntry) async throws -> AddressBookEntry {
        let name: String
        do { name = try AddressBookSheet.name(a.name) } catch { throw AddressBookError.badName(error.reason) }
        let entry = AddressBookEntry(chainID: try await chainID(a.chainID, a.chain), address: a.address, name: name, addedAt: now())
        try await storage.save([entry])
        return entry
    }

    func remove(_ r: RemoveAddressBookEntry) async throws -> AddressBookEntry {
        let id = try await chainID(r.chainID, r.chain)
        guard let entry = try await storage.entries(chainID: id).first(where: { $0.address == r.address }) else {
            throw AddressBookError.notInBook(r.address, chainID: id)
        }
        _ = try await storage.remove(chainID: id, address: r.address)
        return entry
    }

    func list(_ l: ListAddressBook) async throws -> [AddressBookEntry] {
        try await storage.entries(chainID: l.allChains ? nil : try await chainID(l.chainID, l.chain))
    }

    func importSheet(_ i: ImportAddressBook) async throws -> [AddressBookEntry] {
        let sheet: AddressBookSheet
        do { sheet = try AddressBookSheet(csv: i.csv) } catch { throw AddressBookError.badSheet(error.reason) }
        // Rows without a chain ID are for the chain in use; it is asked for only when one needs it.
        let fallback = sheet.rows.contains { $0.chainID == nil } ? try await chainID(nil, i.chain) : 0
        let entries = sheet.rows.map { AddressBookEntry(chainID: $0.chainID ?? fallback, address: $0.address, name: $0.name, addedAt: now()) }
        try await storage.save(entries)
        return entries
    }

    func names(_ q: AddressNamesQuery) async throws -> AddressNames {
        var names: [Address: String] = [:]
        for account in try await keys.list() { names[account.address] = "key \(account.name)" }
        for safe in try await safes.safes(chainID: q.chainID) { if let name = safe.name { names[safe.address] = name } }
        // Another chain's entry names an address only where this chain's book does not.
        let book = try await storage.entries(chainID: nil)
        for entry in book where entry.chainID != q.chainID { names[entry.address] = entry.name }
        for entry in book where q.chainID == nil || entry.chainID == q.chainID { names[entry.address] = entry.name }
        return AddressNames(names)
    }
}

/// Why an address book change was refused.
public enum AddressBookError: Error, Equatable, Sendable, CustomStringConvertible {
    case badName(String)
    case badSheet(String)
    case notInBook(Address, chainID: BigUInt)

    public var description: String {
        switch self {
        case .badName(let why): return "the name is not valid: \(why)"
        case .badSheet(let why): return "the address book file is refused: \(why); nothing was imported"
        case .notInBook(let a, let id): return "\(a.checksummed) is not in the address book for chain \(id)"
        }
    }
}
