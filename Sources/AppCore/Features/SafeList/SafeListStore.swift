import Foundation

/// The followed Safes, kept current by observing storage (so a Safe added by another process or
/// window appears by itself), and adding one by address.
public enum SafeList {
    public struct State: Equatable, Sendable {
        public var safes: [Safe] = []
        public var adding = false
        public var error: FeatureError?
        public init(safes: [Safe] = []) { self.safes = safes }
    }

    public enum Action: Equatable, Sendable {
        /// Start observing; the view's lifetime task.
        case task
        case safesChanged([Safe])
        case addTapped(Address, name: String?)
        case added(Result<Safe, FeatureError>)
        /// The storage observation ended with an error; the list shown is the last one delivered.
        case observationFailed(FeatureError)
        case stop
    }

    public struct Dependencies: Sendable {
        public var observeSafes: @Sendable () async throws -> AsyncThrowingStream<[Safe], any Error>
        public var addSafe: @Sendable (Address, String?) async throws -> Safe

        public init(observeSafes: @escaping @Sendable () async throws -> AsyncThrowingStream<[Safe], any Error>,
                    addSafe: @escaping @Sendable (Address, String?) async throws -> Safe) {
            self.observeSafes = observeSafes
            self.addSafe = addSafe
        }

        /// Wired to the live services: storage observation and the Safe store on `chain`.
        public static func live(_ session: Session) -> Dependencies {
            let services = session.services, chain = session.chain
            return Dependencies(
                observeSafes: { try await services.dispatcher.dispatch(ObserveSafes()).changes() },
                addSafe: { address, name in try await services.dispatcher.dispatch(AddSafe(address: address, name: name, chain: chain)).safe })
        }

        /// Fixed answers for previews and tests.
        public static func mock(safes: [Safe] = []) -> Dependencies {
            Dependencies(observeSafes: { AsyncThrowingStream { $0.yield(safes); $0.finish() } }, addSafe: { a, _ in
                guard let safe = safes.first(where: { $0.address == a }) else { throw FeatureError("unknown Safe") }
                return safe
            })
        }

        /// Fails everything, for tests that must not reach a dependency.
        public static let failing = Dependencies(observeSafes: { throw FeatureError("observeSafes is not available") },
                                                 addSafe: { _, _ in throw FeatureError("addSafe is not available") })
    }

    enum CancelID: Hashable, Sendable { case observation }

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
                return .cancel(id: CancelID.observation)
            }
        }
    }
}
