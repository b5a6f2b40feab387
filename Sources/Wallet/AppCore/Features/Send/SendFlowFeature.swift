import BigInt
import Foundation

/// A new Safe transaction as a flow of routes: compose it (a transfer, an owner change, a batch),
/// review what it does (decoded, simulated, with its hashes), sign with an owner key, then execute
/// once enough owners signed.
public enum SendFlow {
    public enum Route: Equatable, Sendable {
        case compose
        case review(SafeTransactionEntry)
        case signed(SafeTransactionEntry, ConfirmationCount)
        case executed(txHash: [UInt8], success: Bool?)
    }

    public struct State: Equatable, Sendable {
        public let safe: Address
        public var draft = SafeIntentDraft()
        public var route: Route = .compose
        /// The decoded calls and the simulation of the proposed transaction, once read.
        public var review: SafeTransactionReview?
        public var busy = false
        public var error: FeatureError?
        public init(safe: Address) { self.safe = safe }
    }

    public enum Action: Equatable, Sendable {
        case draftChanged(SafeIntentDraft)
        case reviewTapped
        case proposed(Result<SafeTransactionEntry, FeatureError>)
        case reviewed(Result<SafeTransactionReview, FeatureError>)
        case signTapped(keyName: String, password: Redacted<String>)
        case signed(Result<SafeConfirmations, FeatureError>)
        case executeTapped(keyName: String, password: Redacted<String>)
        case executed(Result<SafeExecutionResult, FeatureError>)
        case backTapped
        /// Goes to `route` directly, as a front end's navigation (a link, the browser's back) does.
        case updateRoute(Route)
        /// What the parent must know; the parent listens to these only, never to the flow's own steps.
        case delegate(Delegate)
    }

    /// What a send flow tells its parent.
    public enum Delegate: Equatable, Sendable {
        /// A transaction was executed: what the parent shows of the Safe is stale.
        case executed(SafeExecutionResult)
    }

    public struct Dependencies: Sendable {
        public var propose: @Sendable (Address, SafeIntent) async throws -> SafeTransactionEntry
        public var review: @Sendable ([UInt8]) async throws -> SafeTransactionReview
        public var sign: @Sendable ([UInt8], String, String) async throws -> SafeConfirmations
        public var execute: @Sendable ([UInt8], String, String) async throws -> SafeExecutionResult

        public init(propose: @escaping @Sendable (Address, SafeIntent) async throws -> SafeTransactionEntry,
                    review: @escaping @Sendable ([UInt8]) async throws -> SafeTransactionReview,
                    sign: @escaping @Sendable ([UInt8], String, String) async throws -> SafeConfirmations,
                    execute: @escaping @Sendable ([UInt8], String, String) async throws -> SafeExecutionResult) {
            self.propose = propose
            self.review = review
            self.sign = sign
            self.execute = execute
        }

        /// Wired to the Safe store.
        public static func live(_ session: Session) -> Dependencies {
            let d = session.services.dispatcher, chain = session.chain
            return Dependencies(
                propose: { safe, intent in try await d.dispatch(ProposeSafeTransaction(safe: safe, intent: intent, chain: chain)) },
                review: { hash in try await d.dispatch(ReviewSafeTransaction(safeTxHash: hash, chain: chain)) },
                sign: SafeOwnerActions.sign(session),
                execute: SafeOwnerActions.execute(session))
        }

        /// Fixed answers: `entry` is proposed and reviewed as `review`, signing reaches `count`,
        /// and executing succeeds with `transaction`.
        public static func mock(entry: SafeTransactionEntry, review: SafeTransactionReview, count: ConfirmationCount,
                                transaction: StoredTransaction) -> Dependencies {
            Dependencies(propose: { _, _ in entry }, review: { _ in review },
                         sign: { _, _, _ in SafeConfirmations(entry: entry, signature: nil, count: count) },
                         execute: { _, _, _ in SafeExecutionResult(entry: entry, transaction: transaction, success: true) })
        }

        /// Fails everything.
        public static let failing = Dependencies(propose: { _, _ in throw FeatureProblem.unavailable("propose") },
                                                 review: { _ in throw FeatureProblem.unavailable("review") },
                                                 sign: { _, _, _ in throw FeatureProblem.unavailable("sign") },
                                                 execute: { _, _, _ in throw FeatureProblem.unavailable("execute") })
    }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .draftChanged(let draft):
                state.draft = draft
                return .none
            case .reviewTapped:
                guard case .compose = state.route else { return .none }
                let intent: SafeIntent
                do { intent = try state.draft.intent() } catch {
                    state.error = FeatureError(error)
                    return .none
                }
                state.busy = true
                state.error = nil
                let propose = dependencies.propose, safe = state.safe
                return .run { send in await send(.proposed(await FeatureError.result { try await propose(safe, intent) })) }
            case .proposed(let result):
                state.busy = false
                switch result {
                case .success(let entry):
                    state.route = .review(entry)
                    state.review = nil
                    let review = dependencies.review
                    return .run { send in await send(.reviewed(await FeatureError.result { try await review(entry.safeTxHash) })) }
                case .failure(let error): state.error = error
                }
                return .none
            case .reviewed(let result):
                switch result {
                case .success(let review): state.review = review
                case .failure(let error): state.error = error
                }
                return .none
            case .signTapped(let keyName, let password):
                guard let hash = state.route.entry?.safeTxHash else { return .none }
                state.busy = true
                state.error = nil
                let sign = dependencies.sign
                return .run { send in await send(.signed(await FeatureError.result { try await sign(hash, keyName, password.value) })) }
            case .signed(let result):
                state.busy = false
                switch result {
                case .success(let c): state.route = .signed(c.entry, c.count)
                case .failure(let error): state.error = error
                }
                return .none
            case .executeTapped(let keyName, let password):
                guard case .signed(let entry, let count) = state.route else { return .none }
                guard count.isReady else {
                    state.error = FeatureError(SafeError.notEnoughSignatures(have: count.confirmed, need: count.threshold, missing: count.missing))
                    return .none
                }
                state.busy = true
                state.error = nil
                let execute = dependencies.execute
                return .run { send in await send(.executed(await FeatureError.result { try await execute(entry.safeTxHash, keyName, password.value) })) }
            case .executed(let result):
                state.busy = false
                switch result {
                case .success(let r):
                    state.route = .executed(txHash: r.transaction.hash, success: r.success)
                    return .send(.delegate(.executed(r)))
                case .failure(let error): state.error = error
                }
                return .none
            case .backTapped:
                state.error = nil
                switch state.route {
                case .review:
                    state.route = .compose
                    state.review = nil
                case .signed(let entry, _): state.route = .review(entry)
                case .compose, .executed: break
                }
                return .none
            case .updateRoute(let route):
                if route.entry?.safeTxHash != state.route.entry?.safeTxHash { state.review = nil }
                state.route = route
                state.error = nil
                return .none
            case .delegate:
                return .none
            }
        }
    }
}

extension SendFlow.Route {
    /// The proposed transaction, once there is one.
    var entry: SafeTransactionEntry? {
        switch self {
        case .review(let e), .signed(let e, _): return e
        case .compose, .executed: return nil
        }
    }
}
