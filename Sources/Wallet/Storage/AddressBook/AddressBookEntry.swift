import BigInt
import EthereumKit
import Foundation

/// A name a person gave an address on one chain, as Safe{Wallet}'s address book keeps it.
public struct AddressBookEntry: Sendable, Hashable {
    public let chainID: BigUInt
    public let address: Address
    public let name: String
    public let addedAt: Date

    /// An entry naming `address` on `chainID`.
    public init(chainID: BigUInt, address: Address, name: String, addedAt: Date) {
        self.chainID = chainID
        self.address = address
        self.name = name
        self.addedAt = addedAt
    }
}
