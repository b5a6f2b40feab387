import Storage

/// Hands each action to the store its type names (the WooCommerce seed's Dispatcher, with the
/// pairing checked at compile time) and lets middleware observe every action.
public struct Dispatcher: Sendable {
    public let keys: KeyStore
    public let networks: NetworkStore
    public let tokens: TokenStore
    public let balances: BalanceStore
    public let transactions: TransactionStore
    public let safes: SafeStores
    public let rates: RatesStore
    public let addressBook: AddressBookStore
    let observers: [@Sendable (String) -> Void]

    /// A dispatcher over the given stores; `observers` hear the type name of every action.
    public init(keys: KeyStore, networks: NetworkStore, tokens: TokenStore, balances: BalanceStore,
                transactions: TransactionStore, safes: SafeStores, rates: RatesStore, addressBook: AddressBookStore,
                observers: [@Sendable (String) -> Void] = []) {
        self.keys = keys
        self.networks = networks
        self.tokens = tokens
        self.balances = balances
        self.transactions = transactions
        self.safes = safes
        self.rates = rates
        self.addressBook = addressBook
        self.observers = observers
    }

    /// Performs `action` on its store and returns its result.
    public func dispatch<A: StoreAction>(_ action: A) async throws -> A.Output {
        for observe in observers { observe(String(describing: A.self)) }
        return try await action.perform(on: self[keyPath: A.store])
    }
}
