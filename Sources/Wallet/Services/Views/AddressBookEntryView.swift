/// An address book entry as JSON: the address, its name and its chain.
public struct AddressBookEntryView: Codable, Sendable, Hashable {
    public var address: String
    public var name: String
    public var chainId: String

    /// The view of `entry`.
    public init(_ entry: AddressBookEntry) {
        address = entry.address.checksummed
        name = entry.name
        chainId = String(entry.chainID)
    }
}
