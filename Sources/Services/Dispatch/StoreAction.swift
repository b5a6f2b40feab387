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
