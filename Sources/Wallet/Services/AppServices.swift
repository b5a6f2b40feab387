import Foundation
import Networking
import Storage

/// The composition root: the live services for one Bifrost home. Front ends build one and talk
/// to its dispatcher; nothing else constructs databases, vaults or HTTP clients.
public struct AppServices: Sendable {
    public let home: BifrostHome
    public let keys: KeyStore
    public let dispatcher: Dispatcher
    let connector: ChainConnector

    /// Opens the database and vault under `home` and wires the stores. `lightKDF` makes new keystore
    /// files cheap to unlock and is only for tests and demos. Reads from nodes are retried under
    /// `retry`; by default over the real network only, so a test's scripted failure is seen as is.
    /// The key store tells `keyNotices` what a person should know (a key opened under a legacy password),
    /// and `devicePrompts` what a hardware wallet is about to be asked, which `ledger` reaches.
    public static func open(home: BifrostHome, lightKDF: Bool = false, http: any Networking.Network = ProcessDefaults.network,
                            retry: RetryPolicy? = nil, keyNotices: KeyNotices = .silent,
                            devicePrompts: DevicePrompts = .silent, ledger: LedgerConnector = .at(nil)) throws -> AppServices {
        let database = try AppDatabase.open(home: home)
        let vault = KeyVault(home: home, scrypt: lightKDF ? .light : .standard)
        let keys = KeyStore(database: database, vault: vault, notices: keyNotices, devicePrompts: devicePrompts, ledger: ledger)
        let networks = NetworkStorage(database: database)
        let tokens = TokenStorage(database: database)
        let addressBook = AddressBookStorage(database: database)
        let connector = ChainConnector(networks: networks, functions: ContractFunctionStorage(database: database), http: http, retry: retry ?? (http is LiveNetwork ? RetryPolicy() : .never))
        let safeStorage = SafeStorage(database: database)
        let transactions = TransactionStore(storage: TransactionStorage(database: database), keys: keys, connector: connector)
        let dispatcher = Dispatcher(
            keys: keys,
            networks: NetworkStore(storage: networks, http: http),
            tokens: TokenStore(storage: tokens, connector: connector),
            balances: BalanceStore(tokens: tokens, connector: connector),
            transactions: transactions,
            safes: SafeStores(SafeContext(storage: safeStorage, tokens: tokens, keys: keys, connector: connector,
                                          transactions: transactions, http: http, addressBook: addressBook)),
            rates: RatesStore(storage: RateStorage(database: database), http: http),
            addressBook: AddressBookStore(storage: addressBook, safes: safeStorage, keys: keys, connector: connector)
        )
        return AppServices(home: home, keys: keys, dispatcher: dispatcher, connector: connector)
    }

    /// The chain `selection` names, connected as every store connects: the network's node, its
    /// contracts, and the retry policy of this home.
    public func connect(_ selection: ChainSelection) async throws -> Chain {
        try await connector.connect(selection)
    }
}
