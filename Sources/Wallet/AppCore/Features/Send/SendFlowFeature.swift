import BigInt
import Foundation

/// A new Safe transaction as a flow of routes: compose it (a transfer, an owner change, a batch),
/// review the draft (decoded, simulated, with its hashes; stored nowhere), then propose it with
/// the first signature (or unsigned, when asked), and execute once enough owners signed.
public enum SendFlow {
    public enum Route: Equatable, Sendable {
        case compose
        /// The draft under review: nothing else sees it until it is proposed.
        case review(SafeTransactionDraft)
        /// Proposed without a signature, waiting for one.
        case proposed(SafeTransactionEntry, ConfirmationCount)
        case signed(SafeTransactionEntry, ConfirmationCount)
        case executed(txHash: [UInt8], success: Bool?)
    }

    public struct State: Equatable, Sendable {
        public let safe: Address
        public var draft = SafeIntentDraft()
        public var route: Route = .compose
        /// The Safe as the compose form offers it (owners, balances, queue), once read.
        public var context: SafeComposeContext?
        /// The decoded calls and the simulation of the draft, once read.
        public var review: SafeTransactionReview?
        public var busy = false
        public var error: FeatureError?
        public init(safe: Address) { self.safe = safe }
    }

    public enum Action: Equatable, Sendable {
        /// The form opened: reads the Safe for its pickers.
        case task
        case contextLoaded(Result<SafeComposeContext, FeatureError>)
        case draftChanged(SafeIntentDraft)
        case reviewTapped
        case drafted(Result<SafeTransactionDraft, FeatureError>)
        /// The review of the draft `safeTxHash`; one that answers after another draft took its place is dropped.
        case reviewed(safeTxHash: [UInt8], Result<SafeTransactionReview, FeatureError>)
        /// Stores the draft under review unsigned.
        case proposeTapped
        case proposed(Result<SafeConfirmations, FeatureError>)
        /// Proposes the draft under review with this key's signature, or signs the proposed one.
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
        public var context: @Sendable (Address) async throws -> SafeComposeContext
        public var draft: @Sendable (Address, SafeIntent, BigUInt?) async throws -> SafeTransactionDraft
        public var review: @Sendable (SafeTransactionDraft) async throws -> SafeTransactionReview
        /// Stores a draft, signed by the key named (with its password) when one is given.
        public var propose: @Sendable (SafeTransactionDraft, String?, String) async throws -> SafeConfirmations
        public var sign: @Sendable ([UInt8], String, String) async throws -> SafeConfirmations
        public var execute: @Sendable ([UInt8], String, String) async throws -> SafeExecutionResult

        public init(context: @escaping @Sendable (Address) async throws -> SafeComposeContext,
                    draft: @escaping @Sendable (Address, SafeIntent, BigUInt?) async throws -> SafeTransactionDraft,
                    review: @escaping @Sendable (SafeTransactionDraft) async throws -> SafeTransactionReview,
                    propose: @escaping @Sendable (SafeTransactionDraft, String?, String) async throws -> SafeConfirmations,
                    sign: @escaping @Sendable ([UInt8], String, String) async throws -> SafeConfirmations,
                    execute: @escaping @Sendable ([UInt8], String, String) async throws -> SafeExecutionResult) {
            self.context = context
            self.draft = draft
            self.review = review
            self.propose = propose
            self.sign = sign
            self.execute = execute
        }

        /// Wired to the Safe store.
        public static func live(_ session: Session) -> Dependencies {
            let d = session.services.dispatcher, chain = session.chain
            return Dependencies(
                context: { safe in try await d.dispatch(SafeComposeQuery(safe: safe, chain: chain)) },
                draft: { safe, intent, nonce in try await d.dispatch(DraftSafeTransaction(safe: safe, intent: intent, nonce: nonce, chain: chain)) },
                review: { draft in try await d.dispatch(ReviewSafeTransaction(draft: draft, chain: chain)) },
                propose: { draft, key, password in
                    guard let key else { return try await d.dispatch(ProposeSafeTransactionDraft(draft)) }
                    return try await d.dispatch(ProposeSafeTransactionDraft(draft, keyName: key, password: { password }))
                },
                sign: SafeOwnerActions.sign(session),
                execute: SafeOwnerActions.execute(session))
        }

        /// Fixed answers: `draft` is built and reviewed as `review`, proposing stores it as `entry`,
        /// signing reaches `count`, and executing succeeds with `transaction`.
        public static func mock(draft: SafeTransactionDraft, entry: SafeTransactionEntry, review: SafeTransactionReview, count: ConfirmationCount,
                                transaction: StoredTransaction, context: SafeComposeContext? = nil) -> Dependencies {
            Dependencies(context: { _ in guard let context else { throw FeatureProblem.unavailable("context") }; return context },
                         draft: { _, _, _ in draft }, review: { _ in review },
                         propose: { _, _, _ in SafeConfirmations(entry: entry, signature: nil, count: count) },
                         sign: { _, _, _ in SafeConfirmations(entry: entry, signature: nil, count: count) },
                         execute: { _, _, _ in SafeExecutionResult(entry: entry, transaction: transaction, success: true) })
        }

        /// Fails everything.
        public static let failing = Dependencies(context: { _ in throw FeatureProblem.unavailable("context") },
                                                 draft: { _, _, _ in throw FeatureProblem.unavailable("draft") },
                                                 review: { _ in throw FeatureProblem.unavailable("review") },
                                                 propose: { _, _, _ in throw FeatureProblem.unavailable("propose") },
                                                 sign: { _, _, _ in throw FeatureProblem.unavailable("sign") },
                                                 execute: { _, _, _ in throw FeatureProblem.unavailable("execute") })
    }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .task:
                let context = dependencies.context, safe = state.safe
                return .run { send in await send(.contextLoaded(await FeatureError.result { try await context(safe) })) }
            case .contextLoaded(let result):
                // The pickers are a convenience: without them the form still takes typed addresses.
                if case .success(let context) = result { state.context = context }
                return .none
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
                let nonce: BigUInt?
                do { nonce = try state.draft.chosenNonce() } catch {
                    state.error = FeatureError(error)
                    return .none
                }
                state.busy = true
                state.error = nil
                let draft = dependencies.draft, safe = state.safe
                return .run { send in await send(.drafted(await FeatureError.result { try await draft(safe, intent, nonce) })) }
            case .drafted(let result):
                state.busy = false
                switch result {
                case .success(let draft):
                    state.route = .review(draft)
                    state.review = nil
                    let review = dependencies.review
                    return .run { send in await send(.reviewed(safeTxHash: draft.safeTxHash, await FeatureError.result { try await review(draft) })) }
                case .failure(let error): state.error = error
                }
                return .none
            case .reviewed(let hash, let result):
                guard hash == state.route.safeTxHash else { return .none }
                switch result {
                case .success(let review): state.review = review
                case .failure(let error): state.error = error
                }
                return .none
            case .proposeTapped:
                guard case .review(let draft) = state.route else { return .none }
                state.busy = true
                state.error = nil
                let propose = dependencies.propose
                return .run { send in await send(.proposed(await FeatureError.result { try await propose(draft, nil, "") })) }
            case .proposed(let result):
                state.busy = false
                switch result {
                case .success(let c): state.route = .proposed(c.entry, c.count)
                case .failure(let error): state.error = error
                }
                return .none
            case .signTapped(let keyName, let password):
                state.error = nil
                switch state.route {
                case .review(let draft):
                    state.busy = true
                    let propose = dependencies.propose
                    return .run { send in await send(.signed(await FeatureError.result { try await propose(draft, keyName, password.value) })) }
                case .proposed(let entry, _):
                    state.busy = true
                    let sign = dependencies.sign, hash = entry.safeTxHash
                    return .run { send in await send(.signed(await FeatureError.result { try await sign(hash, keyName, password.value) })) }
                case .compose, .signed, .executed:
                    return .none
                }
            case .signed(let result):
                state.busy = false
                switch result {
                case .success(let c): state.route = .signed(c.entry, c.count)
                case .failure(let error): state.error = error
                }
                return .none
            case .executeTapped(let keyName, let password):
                guard case .signed(let entry, let count) = state.route, let readiness = state.readiness else { return .none }
                if let refusal = readiness.refusal(nonce: entry.transaction.nonce, count: count) {
                    state.error = FeatureError(refusal)
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
                case .compose, .proposed, .signed, .executed: break
                }
                return .none
            case .updateRoute(let route):
                if route.safeTxHash != state.route.safeTxHash { state.review = nil }
                state.route = route
                state.error = nil
                return .none
            case .delegate:
                return .none
            }
        }
    }
}

extension SendFlow.State {
    /// Where the signed transaction stands in the Safe's order, as every page that offers Execute
    /// asks: by the Safe's nonce as the form read it (the transaction's own when not read).
    public var readiness: ExecutionReadiness? {
        guard case .signed(let entry, let count) = route else { return nil }
        return ExecutionReadiness(nonce: entry.transaction.nonce, safeNonce: context?.safe.nonce ?? entry.transaction.nonce, count: count)
    }
}

extension SendFlow.Route {
    /// The hash of the transaction under review or proposed, once there is one.
    var safeTxHash: [UInt8]? {
        switch self {
        case .review(let d): return d.safeTxHash
        case .proposed(let e, _), .signed(let e, _): return e.safeTxHash
        case .compose, .executed: return nil
        }
    }
}
