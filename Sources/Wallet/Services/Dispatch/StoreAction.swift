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

/// An action about following, reading or deploying a Safe.
public protocol SafeAccountAction: StoreAction where Store == SafeAccountStore {}
extension SafeAccountAction { public static var store: KeyPath<Dispatcher, SafeAccountStore> { \.safes.accounts } }

/// An action on a Safe transaction: propose, sign, import, execute, reject, queue.
public protocol SafeTransactionsAction: StoreAction where Store == SafeTransactionsStore {}
extension SafeTransactionsAction { public static var store: KeyPath<Dispatcher, SafeTransactionsStore> { \.safes.transactions } }

/// An action that reviews a Safe transaction or writes or checks its evidence.
public protocol SafeReviewAction: StoreAction where Store == SafeReviewStore {}
extension SafeReviewAction { public static var store: KeyPath<Dispatcher, SafeReviewStore> { \.safes.reviews } }

/// An action that reads a Safe's history, home or ledger.
public protocol SafeHistoryAction: StoreAction where Store == SafeHistoryStore {}
extension SafeHistoryAction { public static var store: KeyPath<Dispatcher, SafeHistoryStore> { \.safes.history } }

/// An action on a Safe message.
public protocol SafeMessageAction: StoreAction where Store == SafeMessageStore {}
extension SafeMessageAction { public static var store: KeyPath<Dispatcher, SafeMessageStore> { \.safes.messages } }

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
