import Foundation

/// A Safe's proposers (the Transaction Service's delegates): who may propose to the Safe's
/// service without signing, listed from the service the session meets at; an owner adds or removes one.
public enum SafeProposers {
    public struct State: Equatable, Sendable {
        public let address: Address
        /// The service's host; nil when the session meets at no service, and then there is nothing to list.
        public let serviceHost: String?
        /// The proposers and the Safe's owners, once read.
        public var listing: SafeDelegates?
        public var loading = false
        public var error: FeatureError?
        /// The proposer just added or removed, for the page to confirm.
        public var changed: Change?
        public init(address: Address, serviceHost: String?) {
            self.address = address
            self.serviceHost = serviceHost
        }
    }

    /// What an owner's form just did.
    public enum Change: Equatable, Sendable {
        case added(SafeDelegate)
        case removed(SafeDelegate)
    }

    /// What the add form carries.
    public struct Addition: Equatable, Sendable {
        public var delegate: Address
        public var label: String
        public var ownerWide: Bool
        public var expiry: Date?
        public init(delegate: Address, label: String, ownerWide: Bool, expiry: Date?) {
            self.delegate = delegate
            self.label = label
            self.ownerWide = ownerWide
            self.expiry = expiry
        }
    }

    public enum Action: Equatable, Sendable {
        case refresh
        case loaded(Result<SafeDelegates, FeatureError>)
        /// Add a proposer, signed by the owner key named.
        case addTapped(Addition, keyName: String, password: Redacted<String>)
        /// Remove a proposer (`ownerWide`: the owner-wide delegation), signed by the key named.
        case removeTapped(delegate: Address, ownerWide: Bool, keyName: String, password: Redacted<String>)
        case changed(Result<Change, FeatureError>)
    }

    public struct Dependencies: Sendable {
        public var load: @Sendable (Address) async throws -> SafeDelegates
        public var add: @Sendable (Address, Addition, String, String) async throws -> SafeDelegate
        public var remove: @Sendable (Address, Address, Bool, String, String) async throws -> SafeDelegate

        public init(load: @escaping @Sendable (Address) async throws -> SafeDelegates,
                    add: @escaping @Sendable (Address, Addition, String, String) async throws -> SafeDelegate = { _, _, _, _ in
                        throw FeatureProblem.unavailable("adding proposers")
                    },
                    remove: @escaping @Sendable (Address, Address, Bool, String, String) async throws -> SafeDelegate = { _, _, _, _, _ in
                        throw FeatureProblem.unavailable("removing proposers")
                    }) {
            self.load = load
            self.add = add
            self.remove = remove
        }

        /// Against the service the session meets at (the page asks nothing without one).
        public static func live(_ session: Session) -> Dependencies {
            let d = session.services.dispatcher, chain = session.chain
            @Sendable func service() throws -> SafeServiceEndpoint {
                guard let service = session.service else { throw FeatureProblem.noTransactionService }
                return service
            }
            return Dependencies(load: { safe in
                try await d.dispatch(ListSafeDelegates(safe: safe, service: try service(), chain: chain))
            }, add: { safe, a, key, password in
                try await d.dispatch(AddSafeDelegate(safe: safe, delegate: a.delegate, label: a.label, keyName: key, ownerWide: a.ownerWide,
                                                     expiry: a.expiry, service: try service(), chain: chain, password: { password }))
            }, remove: { safe, delegate, ownerWide, key, password in
                try await d.dispatch(RemoveSafeDelegate(safe: safe, delegate: delegate, keyName: key, ownerWide: ownerWide, service: try service(),
                                                        chain: chain, password: { password }))
            })
        }

        /// Always `listing`; adding and removing unavailable.
        public static func mock(_ listing: SafeDelegates) -> Dependencies { Dependencies(load: { _ in listing }) }
    }

    enum CancelID: Hashable, Sendable { case load }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .refresh:
                guard state.serviceHost != nil else { return .none }
                state.loading = true
                let load = dependencies.load, address = state.address
                return .run { send in await send(.loaded(await FeatureError.result { try await load(address) })) }
                    .cancellable(id: CancelID.load, cancelInFlight: true)
            case .loaded(.success(let listing)):
                state.loading = false
                state.error = nil
                state.listing = listing
                return .none
            case .loaded(.failure(let error)):
                state.loading = false
                state.error = error
                return .none
            case .addTapped(let addition, let keyName, let password):
                state.error = nil
                state.changed = nil
                let add = dependencies.add, address = state.address
                return .run { send in
                    await send(.changed(await FeatureError.result { .added(try await add(address, addition, keyName, password.value)) }))
                }
            case .removeTapped(let delegate, let ownerWide, let keyName, let password):
                state.error = nil
                state.changed = nil
                let remove = dependencies.remove, address = state.address
                return .run { send in
                    await send(.changed(await FeatureError.result { .removed(try await remove(address, delegate, ownerWide, keyName, password.value)) }))
                }
            case .changed(.success(let change)):
                state.changed = change
                return .send(.refresh)
            case .changed(.failure(let error)):
                state.error = error
                return .none
            }
        }
    }
}
