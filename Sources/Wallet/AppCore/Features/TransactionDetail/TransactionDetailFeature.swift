import BigInt

/// One Safe transaction: every field, the signatures with their owners, the hashes, and the
/// owner's actions on it (sign, execute once ready, export the file to pass on, reject).
public enum TransactionDetail {
    public enum Route: Equatable, Sendable {
        case overview
        case signatures
    }

    public struct State: Equatable, Sendable {
        public let safeTxHash: [UInt8]
        public var detail: SafeTransactionDetail?
        public var route: Route = .overview
        public var loading = false
        public var busy = false
        public var error: FeatureError?
        /// The signed-transaction file, once exported, for the page to offer as a download.
        public var exportedFile: String?
        /// The empty transaction proposed at the same nonce to reject this one, once proposed.
        public var rejection: SafeTransactionEntry?
        /// The owners whose signatures were last sent to the Transaction Service.
        public var sharedWith: [Address]?
        /// The review on the node: the simulation, the Safe after the transaction, the risks.
        public var review: SafeTransactionReview?
        /// Why the review could not be made; the rest of the page stands.
        public var reviewError: FeatureError?
        /// The evidence document of a review pinned to a block, once written, for the page to offer as a download.
        public var evidence: String?
        /// The ether balance of each vault key, to choose who pays the gas; nil until read.
        public var keyBalances: [Address: EtherAmount]?
        /// How the transaction ran on chain, once executed: the page shows it in place of the review.
        public var execution: SafeExecutionReport?
        /// Why the execution could not be read from the chain.
        public var executionError: FeatureError?
        public init(safeTxHash: [UInt8]) { self.safeTxHash = safeTxHash }
    }

    public enum Action: Equatable, Sendable {
        case refresh
        case loaded(Result<SafeTransactionDetail, FeatureError>)
        case signTapped(keyName: String, password: Redacted<String>)
        case signed(Result<SafeConfirmations, FeatureError>)
        case executeTapped(keyName: String, password: Redacted<String>)
        case executed(Result<SafeExecutionResult, FeatureError>)
        case exportTapped
        case exported(Result<String, FeatureError>)
        case rejectTapped
        case rejected(Result<SafeTransactionEntry, FeatureError>)
        /// Send the transaction and the signatures collected here to the Transaction Service.
        case shareTapped
        case shared(Result<[Address], FeatureError>)
        case updateRoute(Route)
        /// Review it on the node (the page does on opening): what it changes and its risks.
        case reviewTapped
        case reviewed(Result<SafeTransactionReview, FeatureError>)
        /// Write the evidence of a review pinned to the latest block, to check offline later.
        case evidenceTapped
        case evidenceWritten(Result<String, FeatureError>)
        /// Read the vault keys' ether balances for the execute picker (sent once the transaction can execute).
        case balancesTapped
        case balancesLoaded(Result<[Address: EtherAmount], FeatureError>)
        /// How the executed transaction ran, read from the chain (on loading an executed one).
        case executionRead(Result<SafeExecutionReport?, FeatureError>)
        case delegate(Delegate)
    }

    /// What the parent must know.
    public enum Delegate: Equatable, Sendable {
        /// The transaction was executed: the Safe's state and queue are stale.
        case executed(SafeExecutionResult)
    }

    public struct Dependencies: Sendable {
        public var load: @Sendable ([UInt8]) async throws -> SafeTransactionDetail
        public var sign: @Sendable ([UInt8], String, String) async throws -> SafeConfirmations
        public var execute: @Sendable ([UInt8], String, String) async throws -> SafeExecutionResult
        public var export: @Sendable ([UInt8]) async throws -> String
        public var reject: @Sendable ([UInt8]) async throws -> SafeTransactionEntry
        /// Proposes to (or confirms on) the Transaction Service; answers whose signatures went.
        public var share: @Sendable ([UInt8]) async throws -> [Address]
        /// Reviews it on the node.
        public var review: @Sendable ([UInt8]) async throws -> SafeTransactionReview
        /// The evidence document of a review pinned to the latest block.
        public var evidence: @Sendable ([UInt8]) async throws -> String
        /// The vault keys' ether balances, in one batch.
        public var keyBalances: @Sendable () async throws -> [Address: EtherAmount]
        /// How an executed transaction ran on chain; nil when not executed.
        public var execution: @Sendable ([UInt8]) async throws -> SafeExecutionReport?

        public init(load: @escaping @Sendable ([UInt8]) async throws -> SafeTransactionDetail,
                    sign: @escaping @Sendable ([UInt8], String, String) async throws -> SafeConfirmations,
                    execute: @escaping @Sendable ([UInt8], String, String) async throws -> SafeExecutionResult,
                    export: @escaping @Sendable ([UInt8]) async throws -> String,
                    reject: @escaping @Sendable ([UInt8]) async throws -> SafeTransactionEntry,
                    share: @escaping @Sendable ([UInt8]) async throws -> [Address] = { _ in throw FeatureProblem.noTransactionService },
                    review: @escaping @Sendable ([UInt8]) async throws -> SafeTransactionReview = { _ in throw FeatureProblem.unavailable("review") },
                    evidence: @escaping @Sendable ([UInt8]) async throws -> String = { _ in throw FeatureProblem.unavailable("evidence") },
                    keyBalances: @escaping @Sendable () async throws -> [Address: EtherAmount] = { throw FeatureProblem.unavailable("key balances") },
                    execution: @escaping @Sendable ([UInt8]) async throws -> SafeExecutionReport? = { _ in nil }) {
            self.load = load
            self.sign = sign
            self.execute = execute
            self.export = export
            self.reject = reject
            self.share = share
            self.review = review
            self.evidence = evidence
            self.keyBalances = keyBalances
            self.execution = execution
        }

        /// Wired to the session's Safe store.
        public static func live(_ session: Session) -> Dependencies {
            let d = session.services.dispatcher, chain = session.chain
            return Dependencies(
                load: { hash in try await d.dispatch(SafeTransactionQuery(safeTxHash: hash)) },
                sign: SafeOwnerActions.sign(session),
                execute: SafeOwnerActions.execute(session),
                export: { hash in try await d.dispatch(ExportSafeTransaction(safeTxHash: hash)).json },
                reject: { hash in try await d.dispatch(RejectSafeTransaction(safeTxHash: hash, chain: chain)) },
                share: { hash in
                    guard let service = session.service else { throw FeatureProblem.noTransactionService }
                    return try await d.dispatch(PostSafeSignatures(safeTxHash: hash, service: service, propose: true))
                },
                review: { hash in try await d.dispatch(ReviewSafeTransaction(safeTxHash: hash, chain: chain)) },
                evidence: { hash in try await d.dispatch(SafeEvidenceQuery(safeTxHash: hash, chain: chain)) },
                keyBalances: { try await d.dispatch(FetchEtherBalances(addresses: try await d.dispatch(ListKeys()).map(\.address), chain: chain)) },
                execution: { hash in try await d.dispatch(SafeExecutionReportQuery(safeTxHash: hash, chain: chain)) })
        }

        /// Fixed answers: `detail` loads, signing and executing answer as given, the file exports as
        /// `file`, a rejection proposes `rejection`.
        public static func mock(detail: SafeTransactionDetail, signed: SafeConfirmations? = nil, executed: SafeExecutionResult? = nil,
                                file: String = "{}", rejection: SafeTransactionEntry? = nil) -> Dependencies {
            Dependencies(load: { _ in detail },
                         sign: { _, _, _ in guard let signed else { throw FeatureProblem.unavailable("sign") }; return signed },
                         execute: { _, _, _ in guard let executed else { throw FeatureProblem.unavailable("execute") }; return executed },
                         export: { _ in file },
                         reject: { _ in guard let rejection else { throw FeatureProblem.unavailable("reject") }; return rejection })
        }

        /// Fails everything.
        public static let failing = Dependencies(load: { _ in throw FeatureProblem.unavailable("load") },
                                                 sign: { _, _, _ in throw FeatureProblem.unavailable("sign") },
                                                 execute: { _, _, _ in throw FeatureProblem.unavailable("execute") },
                                                 export: { _ in throw FeatureProblem.unavailable("export") },
                                                 reject: { _ in throw FeatureProblem.unavailable("reject") })
    }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            let hash = state.safeTxHash
            switch action {
            case .refresh:
                state.loading = true
                let load = dependencies.load
                return .run { send in await send(.loaded(await FeatureError.result { try await load(hash) })) }
            case .loaded(let result):
                state.loading = false
                switch result {
                case .success(let detail):
                    state.detail = detail
                    state.error = nil
                    // An executed transaction's page shows how it ran, read once per load.
                    if detail.entry.status == .executed || detail.entry.status == .failed, detail.entry.executionHash != nil {
                        let execution = dependencies.execution
                        return .run { send in await send(.executionRead(await FeatureError.result { try await execution(hash) })) }
                    }
                    // Only Execute needs the keys' balances: read them once it is offered, not for every page.
                    if detail.readiness.canExecute, state.keyBalances == nil { return .send(.balancesTapped) }
                case .failure(let error): state.error = error
                }
                return .none
            case .executionRead(let result):
                switch result {
                case .success(let record):
                    state.execution = record
                    state.executionError = nil
                case .failure(let error): state.executionError = error
                }
                return .none
            case .signTapped(let keyName, let password):
                state.busy = true
                state.error = nil
                let sign = dependencies.sign
                return .run { send in await send(.signed(await FeatureError.result { try await sign(hash, keyName, password.value) })) }
            case .signed(let result):
                state.busy = false
                switch result {
                case .success: return .send(.refresh)
                case .failure(let error): state.error = error
                }
                return .none
            case .executeTapped(let keyName, let password):
                guard let detail = state.detail else { return .none }
                if let refusal = detail.readiness.refusal(nonce: detail.entry.transaction.nonce, count: detail.confirmations) {
                    state.error = FeatureError(refusal)
                    return .none
                }
                state.busy = true
                state.error = nil
                let execute = dependencies.execute
                return .run { send in await send(.executed(await FeatureError.result { try await execute(hash, keyName, password.value) })) }
            case .executed(let result):
                state.busy = false
                switch result {
                case .success(let r): return .merge(.send(.delegate(.executed(r))), .send(.refresh))
                case .failure(let error): state.error = error
                }
                return .none
            case .exportTapped:
                let export = dependencies.export
                return .run { send in await send(.exported(await FeatureError.result { try await export(hash) })) }
            case .exported(let result):
                switch result {
                case .success(let file): state.exportedFile = file
                case .failure(let error): state.error = error
                }
                return .none
            case .evidenceTapped:
                state.error = nil
                let evidence = dependencies.evidence
                return .run { send in await send(.evidenceWritten(await FeatureError.result { try await evidence(hash) })) }
            case .evidenceWritten(let result):
                switch result {
                case .success(let document): state.evidence = document
                case .failure(let error): state.error = error
                }
                return .none
            case .rejectTapped:
                state.busy = true
                state.error = nil
                let reject = dependencies.reject
                return .run { send in await send(.rejected(await FeatureError.result { try await reject(hash) })) }
            case .rejected(let result):
                state.busy = false
                switch result {
                case .success(let entry): state.rejection = entry
                case .failure(let error): state.error = error
                }
                return .none
            case .shareTapped:
                state.busy = true
                state.error = nil
                let share = dependencies.share
                return .run { send in await send(.shared(await FeatureError.result { try await share(hash) })) }
            case .shared(let result):
                state.busy = false
                switch result {
                case .success(let owners): state.sharedWith = owners
                case .failure(let error): state.error = error
                }
                return .none
            case .updateRoute(let route):
                state.route = route
                return .none
            case .reviewTapped:
                let review = dependencies.review
                return .run { send in await send(.reviewed(await FeatureError.result { try await review(hash) })) }
            case .reviewed(let result):
                switch result {
                case .success(let review):
                    state.review = review
                    state.reviewError = nil
                // The review is advice beside the page: its failure is said where the review would be.
                case .failure(let error): state.reviewError = error
                }
                return .none
            case .balancesTapped:
                let read = dependencies.keyBalances
                return .run { send in await send(.balancesLoaded(await FeatureError.result { try await read() })) }
            case .balancesLoaded(.success(let balances)):
                state.keyBalances = balances
                return .none
            // Unread balances leave the picker as it was: executing still works, the chain's answer says why not.
            case .balancesLoaded(.failure):
                return .none
            case .delegate:
                return .none
            }
        }
    }
}
