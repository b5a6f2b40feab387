import BigInt
import Foundation

/// Sending from a Safe as a flow of routes: compose the transfer, review the proposed transaction
/// and its hash, sign with an owner key, then execute once enough owners signed.
public enum SendFlow {
    public enum Route: Equatable, Sendable {
        case compose
        case review(SafeTransactionEntry)
        case signed(SafeTransactionEntry, confirmations: Int, threshold: BigUInt)
        case executed(txHash: [UInt8], success: Bool?)
    }

    public struct State: Equatable, Sendable {
        public let safe: Address
        public var recipient = ""
        public var amount = ""
        public var route: Route = .compose
        public var busy = false
        public var error: FeatureError?
        public init(safe: Address) { self.safe = safe }
    }

    public enum Action: Equatable, Sendable {
        case recipientChanged(String)
        case amountChanged(String)
        case reviewTapped
        case proposed(Result<SafeTransactionEntry, FeatureError>)
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
        public var sign: @Sendable ([UInt8], String, String) async throws -> SafeConfirmations
        public var execute: @Sendable ([UInt8], String, String) async throws -> SafeExecutionResult

        public init(propose: @escaping @Sendable (Address, SafeIntent) async throws -> SafeTransactionEntry,
                    sign: @escaping @Sendable ([UInt8], String, String) async throws -> SafeConfirmations,
                    execute: @escaping @Sendable ([UInt8], String, String) async throws -> SafeExecutionResult) {
            self.propose = propose
            self.sign = sign
            self.execute = execute
        }

        /// Wired to the Safe store.
        public static func live(_ session: Session) -> Dependencies {
            let d = session.services.dispatcher, chain = session.chain
            return Dependencies(
                propose: { safe, intent in try await d.dispatch(ProposeSafeTransaction(safe: safe, intent: intent, chain: chain)) },
                sign: SafeOwnerActions.sign(session),
                execute: SafeOwnerActions.execute(session))
        }

        /// Fixed answers: `entry` is proposed, signing reaches `confirmations` of `threshold`, and
        /// executing succeeds with `transaction`.
        public static func mock(entry: SafeTransactionEntry, confirmations: Int, threshold: BigUInt,
                                transaction: StoredTransaction) -> Dependencies {
            Dependencies(propose: { _, _ in entry },
                         sign: { _, _, _ in SafeConfirmations(entry: entry, signature: nil, confirmations: confirmations, threshold: threshold) },
                         execute: { _, _, _ in SafeExecutionResult(entry: entry, transaction: transaction, success: true) })
        }

        /// Fails everything.
        public static let failing = Dependencies(propose: { _, _ in throw FeatureError("propose is not available") },
                                                 sign: { _, _, _ in throw FeatureError("sign is not available") },
                                                 execute: { _, _, _ in throw FeatureError("execute is not available") })
    }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .recipientChanged(let text):
                state.recipient = text
                return .none
            case .amountChanged(let text):
                state.amount = text
                return .none
            case .reviewTapped:
                guard case .compose = state.route else { return .none }
                let to: Address, wei: BigUInt
                do {
                    to = try Address(state.recipient.trimmingCharacters(in: .whitespaces))
                    wei = try EtherAmount(parsing: state.amount.contains(where: \.isLetter) ? state.amount : state.amount + "ether").wei
                } catch {
                    state.error = FeatureError(error)
                    return .none
                }
                state.busy = true
                state.error = nil
                let propose = dependencies.propose, safe = state.safe
                return .run { send in
                    await send(.proposed(await FeatureError.result { try await propose(safe, .call(to: to, value: wei, data: [], operation: .call)) }))
                }
            case .proposed(let result):
                state.busy = false
                switch result {
                case .success(let entry): state.route = .review(entry)
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
                case .success(let c): state.route = .signed(c.entry, confirmations: c.confirmations, threshold: c.threshold)
                case .failure(let error): state.error = error
                }
                return .none
            case .executeTapped(let keyName, let password):
                guard case .signed(let entry, let confirmations, let threshold) = state.route else { return .none }
                guard ConfirmationCount.isReady(confirmed: confirmations, threshold: threshold) else {
                    state.error = FeatureError("\(confirmations) of \(threshold) signatures; more owners must sign first")
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
                case .review: state.route = .compose
                case .signed(let entry, _, _): state.route = .review(entry)
                case .compose, .executed: break
                }
                return .none
            case .updateRoute(let route):
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
        case .review(let e), .signed(let e, _, _): return e
        case .compose, .executed: return nil
        }
    }
}
