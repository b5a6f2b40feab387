import Foundation

/// The followed Safes, kept current by observing storage (so a Safe added by another process or
/// window appears by itself), each with its balance and pending count, and adding one by address.
public enum SafeList {
    /// What the list shows of one Safe beyond its stored fields.
    public struct Summary: Equatable, Sendable {
        public var balance: EtherAmount
        /// The balance in the cached rate's fiat currency, when a rate was ever fetched.
        public var fiat: String?
        /// Transactions waiting at or after the Safe's nonce.
        public var pending: Int
        public init(balance: EtherAmount, fiat: String?, pending: Int) {
            self.balance = balance
            self.fiat = fiat
            self.pending = pending
        }
    }

    public struct State: Equatable, Sendable {
        public var safes: [Safe] = []
        /// Whether the observation delivered the list yet (an empty list before that means "not read").
        public var loaded = false
        /// Each Safe's summary, by address, once read; a Safe the chain did not answer for has none.
        public var summaries: [Address: Summary] = [:]
        public var adding = false
        public var error: FeatureError?
        public init(safes: [Safe] = []) { self.safes = safes }
    }

    public enum Action: Equatable, Sendable {
        /// Start observing; the view's lifetime task.
        case task
        case safesChanged([Safe])
        case summariesLoaded([Address: Summary])
        case addTapped(Address, name: String?)
        case added(Result<Safe, FeatureError>)
        /// The storage observation ended with an error; the list shown is the last one delivered.
        case observationFailed(FeatureError)
        case stop
    }

    public struct Dependencies: Sendable {
        public var observeSafes: @Sendable () async throws -> AsyncThrowingStream<[Safe], any Error>
        public var addSafe: @Sendable (Address, String?) async throws -> Safe
        public var summarize: @Sendable ([Safe]) async -> [Address: Summary]

        public init(observeSafes: @escaping @Sendable () async throws -> AsyncThrowingStream<[Safe], any Error>,
                    addSafe: @escaping @Sendable (Address, String?) async throws -> Safe,
                    summarize: @escaping @Sendable ([Safe]) async -> [Address: Summary] = { _ in [:] }) {
            self.observeSafes = observeSafes
            self.addSafe = addSafe
            self.summarize = summarize
        }

        /// Wired to the live services: storage observation and the Safe store on `chain`.
        public static func live(_ session: Session) -> Dependencies {
            let services = session.services, chain = session.chain
            return Dependencies(
                observeSafes: { try await services.dispatcher.dispatch(ObserveSafes()).changes() },
                addSafe: { address, name in try await services.dispatcher.dispatch(AddSafe(address: address, name: name, chain: chain)).safe },
                summarize: { safes in await summaries(of: safes, session: session) })
        }

        /// Each Safe's balance and pending count from the chain, side by side; a Safe whose read
        /// fails is left out rather than failing the list.
        private static func summaries(of safes: [Safe], session: Session) async -> [Address: Summary] {
            let d = session.services.dispatcher, chain = session.chain
            let rate = try? await d.dispatch(CachedRateQuery(coin: "ethereum", fiat: session.fiat))
            return await withTaskGroup(of: (Address, Summary)?.self) { group in
                for safe in safes {
                    group.addTask {
                        guard let queue = try? await d.dispatch(SafeQueueQuery(safe: safe.address, chain: chain)),
                              let balances = try? await d.dispatch(FetchBalances(address: safe.address, tokens: [], chain: chain)) else { return nil }
                        let ether = balances.ether
                        return (safe.address, Summary(balance: ether, fiat: rate?.value(ofEther: ether.exact(in: .ether)), pending: queue.entries.count))
                    }
                }
                var result: [Address: Summary] = [:]
                for await case let (address, summary)? in group { result[address] = summary }
                return result
            }
        }

        /// Fixed answers for previews and tests.
        public static func mock(safes: [Safe] = []) -> Dependencies {
            Dependencies(observeSafes: { AsyncThrowingStream { $0.yield(safes); $0.finish() } }, addSafe: { a, _ in
                guard let safe = safes.first(where: { $0.address == a }) else { throw SafeError.unknownSafe(a) }
                return safe
            })
        }

        /// Fails everything, for tests that must not reach a dependency.
        public static let failing = Dependencies(observeSafes: { throw FeatureProblem.unavailable("observeSafes") },
                                                 addSafe: { _, _ in throw FeatureProblem.unavailable("addSafe") })
    }

    enum CancelID: Hashable, Sendable { case observation, summaries }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .task:
                let observe = dependencies.observeSafes
                return .run { send in
                    for try await safes in try await observe() { await send(.safesChanged(safes)) }
                } catch: { error, send in
                    await send(.observationFailed(FeatureError(error)))
                }.cancellable(id: CancelID.observation, cancelInFlight: true)
            case .safesChanged(let safes):
                state.safes = safes
                state.loaded = true
                state.summaries = state.summaries.filter { entry in safes.contains { $0.address == entry.key } }
                guard !safes.isEmpty else { return .cancel(id: CancelID.summaries) }
                let summarize = dependencies.summarize
                return .run { send in await send(.summariesLoaded(await summarize(safes))) }
                    .cancellable(id: CancelID.summaries, cancelInFlight: true)
            case .summariesLoaded(let summaries):
                state.summaries = summaries
                return .none
            case .addTapped(let address, let name):
                state.adding = true
                state.error = nil
                let add = dependencies.addSafe
                return .run { send in await send(.added(await FeatureError.result { try await add(address, name) })) }
            case .added(.success):
                state.adding = false
                return .none
            case .added(.failure(let error)):
                state.adding = false
                state.error = error
                return .none
            case .observationFailed(let error):
                state.error = error
                return .none
            case .stop:
                return .merge(.cancel(id: CancelID.observation), .cancel(id: CancelID.summaries))
            }
        }
    }
}
