import Storage

/// An action that exactly one store handles. The store type and the result type are part of the
/// action's type, so the compiler, not a runtime cast, pairs every action with its store.
public protocol StoreAction: Sendable {
    /// The one store that handles this action.
    associatedtype Store: Sendable
    /// What performing the action produces.
    associatedtype Output: Sendable

    /// Where the dispatcher keeps that store.
    static var store: KeyPath<Dispatcher, Store> { get }

    /// Performs the action on its store.
    func perform(on store: Store) async throws -> Output
}

/// An action the Safe store handles.
public protocol SafeAction: StoreAction where Store == SafeStore {}
extension SafeAction { public static var store: KeyPath<Dispatcher, SafeStore> { \.safes } }

/// An action the network store handles.
public protocol NetworkAction: StoreAction where Store == NetworkStore {}
extension NetworkAction { public static var store: KeyPath<Dispatcher, NetworkStore> { \.networks } }

/// An action the rates store handles.
public protocol RatesAction: StoreAction where Store == RatesStore {}
extension RatesAction { public static var store: KeyPath<Dispatcher, RatesStore> { \.rates } }

/// An action the token store handles.
public protocol TokenAction: StoreAction where Store == TokenStore {}
extension TokenAction { public static var store: KeyPath<Dispatcher, TokenStore> { \.tokens } }

/// An action the transaction store handles.
public protocol TransactionAction: StoreAction where Store == TransactionStore {}
extension TransactionAction { public static var store: KeyPath<Dispatcher, TransactionStore> { \.transactions } }

/// An action the balance store handles.
public protocol BalanceAction: StoreAction where Store == BalanceStore {}
extension BalanceAction { public static var store: KeyPath<Dispatcher, BalanceStore> { \.balances } }
