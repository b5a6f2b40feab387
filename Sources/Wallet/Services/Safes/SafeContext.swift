import Foundation
import Networking
import Storage

/// What every Safe store reads and writes through: the home's storages, the vault, the chain
/// connector, the transaction store for what a key sends, and HTTP for the Safe services.
public struct SafeContext: Sendable {
    let storage: SafeStorage
    let tokens: TokenStorage
    let keys: KeyStore
    let connector: ChainConnector
    let transactions: TransactionStore
    let http: any Networking.Network
    /// Names the look-alike check compares recipients with; none when not given.
    let addressBook: AddressBookStorage?
    let now: @Sendable () -> Date

    /// The context over `storage`, signing with `keys`, sending through `transactions`.
    public init(storage: SafeStorage, tokens: TokenStorage, keys: KeyStore, connector: ChainConnector, transactions: TransactionStore,
                http: any Networking.Network, addressBook: AddressBookStorage? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.storage = storage
        self.tokens = tokens
        self.keys = keys
        self.connector = connector
        self.transactions = transactions
        self.http = http
        self.addressBook = addressBook
        self.now = now
    }
}
