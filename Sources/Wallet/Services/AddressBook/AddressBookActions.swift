import BigInt
import Storage

/// An action the address book store handles.
public protocol AddressBookAction: StoreAction where Store == AddressBookStore {}
extension AddressBookAction { public static var store: KeyPath<Dispatcher, AddressBookStore> { \.addressBook } }

/// Names `address` on `chainID` (default: the chain in use); renames it when it has a name.
public struct AddAddressBookEntry: AddressBookAction {
    public let address: Address
    public let name: String
    public let chainID: BigUInt?
    public let chain: ChainSelection
    public init(address: Address, name: String, chainID: BigUInt? = nil, chain: ChainSelection) {
        self.address = address
        self.name = name
        self.chainID = chainID
        self.chain = chain
    }
    public func perform(on store: AddressBookStore) async throws -> AddressBookEntry { try await store.add(self) }
}

/// Takes `address` out of the book of `chainID` (default: the chain in use); answers what was removed.
public struct RemoveAddressBookEntry: AddressBookAction {
    public let address: Address
    public let chainID: BigUInt?
    public let chain: ChainSelection
    public init(address: Address, chainID: BigUInt? = nil, chain: ChainSelection) {
        self.address = address
        self.chainID = chainID
        self.chain = chain
    }
    public func perform(on store: AddressBookStore) async throws -> AddressBookEntry { try await store.remove(self) }
}

/// The book of `chainID` (default: the chain in use), or of every chain, by name.
public struct ListAddressBook: AddressBookAction {
    public let chainID: BigUInt?
    public let allChains: Bool
    public let chain: ChainSelection
    public init(chainID: BigUInt? = nil, allChains: Bool = false, chain: ChainSelection) {
        self.chainID = chainID
        self.allChains = allChains
        self.chain = chain
    }
    public func perform(on store: AddressBookStore) async throws -> [AddressBookEntry] { try await store.list(self) }
}

/// Adds every row of a Safe{Wallet} address book CSV, or none when one row is wrong.
public struct ImportAddressBook: AddressBookAction {
    public let csv: String
    public let chain: ChainSelection
    public init(csv: String, chain: ChainSelection) {
        self.csv = csv
        self.chain = chain
    }
    public func perform(on store: AddressBookStore) async throws -> [AddressBookEntry] { try await store.importSheet(self) }
}

/// Every name this home knows for addresses on `chainID` (nil: any chain): the address book's,
/// followed Safes' and keys'.
public struct AddressNamesQuery: AddressBookAction {
    public let chainID: BigUInt?
    public init(chainID: BigUInt?) { self.chainID = chainID }
    public func perform(on store: AddressBookStore) async throws -> AddressNames { try await store.names(self) }
}

extension AddressBookEntry {
    /// The entries as a Safe{Wallet} address book CSV.
    public static func csv(_ entries: [AddressBookEntry]) -> String {
        AddressBookSheet(rows: entries.map { .init(address: $0.address, name: $0.name, chainID: $0.chainID) }).csv
    }
}
