/// One Safe message: what is signed, the hashes, who signed, the owner's signature, the final
/// signature for the app that asked, and the Safe's own verdict on chain.
public enum MessageDetail {
    public struct State: Equatable, Sendable {
        public let messageHash: [UInt8]
        public var detail: SafeMessageDetail?
        public var loading = false
        public var busy = false
        public var error: FeatureError?
        /// What the Safe's `isValidSignature` answered, once asked.
        public var verdict: SafeMessageVerdict?
        /// The owners whose signatures were last sent to the Transaction Service.
        public var sharedWith: [Address]?
        public init(messageHash: [UInt8]) { self.messageHash = messageHash }
    }

    public enum Action: Equatable, Sendable {
        case refresh
        case loaded(Result<SafeMessageDetail, FeatureError>)
        case signTapped(keyName: String, password: Redacted<String>)
        case signed(Result<SafeMessageDetail, FeatureError>)
        /// Ask the Safe on chain whether the collected signatures sign the message.
        case verifyTapped
        case verified(Result<SafeMessageVerdict, FeatureError>)
        /// Send the message and the signatures collected here to the Transaction Service.
        case shareTapped
        case shared(Result<[Address], FeatureError>)
    }

    public struct Dependencies: Sendable {
        public var load: @Sendable ([UInt8]) async throws -> SafeMessageDetail
        public var sign: @Sendable ([UInt8], String, String) async throws -> SafeMessageDetail
        public var verify: @Sendable ([UInt8]) async throws -> SafeMessageVerdict
        /// Sends to the Transaction Service; answers whose signatures went.
        public var share: @Sendable ([UInt8]) async throws -> [Address]

        public init(load: @escaping @Sendable ([UInt8]) async throws -> SafeMessageDetail,
                    sign: @escaping @Sendable ([UInt8], String, String) async throws -> SafeMessageDetail = { _, _, _ in
                        throw FeatureProblem.unavailable("sign")
                    },
                    verify: @escaping @Sendable ([UInt8]) async throws -> SafeMessageVerdict = { _ in throw FeatureProblem.unavailable("verify") },
                    share: @escaping @Sendable ([UInt8]) async throws -> [Address] = { _ in throw FeatureProblem.noTransactionService }) {
            self.load = load
            self.sign = sign
            self.verify = verify
            self.share = share
        }

        /// Wired to the session's Safe store and chain.
        public static func live(_ session: Session) -> Dependencies {
            let d = session.services.dispatcher, chain = session.chain
            return Dependencies(
                load: { hash in try await d.dispatch(SafeMessageQuery(messageHash: hash)) },
                sign: { hash, key, password in try await d.dispatch(SignSafeMessage(messageHash: hash, keyName: key, password: { password })) },
                verify: { hash in try await d.dispatch(VerifySafeMessage(messageHash: hash, chain: chain)) },
                share: { hash in
                    guard let service = session.service else { throw FeatureProblem.noTransactionService }
                    return try await d.dispatch(ShareSafeMessage(messageHash: hash, service: service))
                })
        }
    }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            let hash = state.messageHash
            switch action {
            case .refresh:
                state.loading = true
                let load = dependencies.load
                return .run { send in await send(.loaded(await FeatureError.result { try await load(hash) })) }
            case .loaded(let result), .signed(let result):
                state.loading = false
                state.busy = false
                switch result {
                case .success(let detail):
                    // A new signature makes the last verdict stale; a reload of the same ones does not.
                    if detail.entry.signatures != state.detail?.entry.signatures { state.verdict = nil }
                    state.detail = detail
                    state.error = nil
                case .failure(let error): state.error = error
                }
                return .none
            case .signTapped(let keyName, let password):
                state.busy = true
                state.error = nil
                let sign = dependencies.sign
                return .run { send in await send(.signed(await FeatureError.result { try await sign(hash, keyName, password.value) })) }
            case .verifyTapped:
                state.busy = true
                state.error = nil
                let verify = dependencies.verify
                return .run { send in await send(.verified(await FeatureError.result { try await verify(hash) })) }
            case .verified(let result):
                state.busy = false
                switch result {
                case .success(let verdict): state.verdict = verdict
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
            }
        }
    }
}
