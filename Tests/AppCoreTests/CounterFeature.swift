import AppCore

/// A small feature exercising every effect kind, used by the core tests.
enum Counter {
    struct State: Equatable, Sendable {
        var count = 0
        var fact: String?
        var loading = false
    }

    enum Action: Equatable, Sendable {
        case increment
        case decrement
        case fetchFact
        case factLoaded(String)
        case cancelFact
        case startTimer
        case tick
        case stopTimer
    }

    enum CancelID: Hashable, Sendable { case fact, timer }

    struct Reducer: AppCore.Reducer {
        let fact: @Sendable (Int) async throws -> String
        var tickInterval: Duration = .milliseconds(5)

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .increment:
                state.count += 1
                return .none
            case .decrement:
                state.count -= 1
                return state.count < 0 ? .send(.increment) : .none
            case .fetchFact:
                state.loading = true
                let count = state.count, fact = self.fact
                return .run { send in await send(.factLoaded(try await fact(count))) }
                    .cancellable(id: CancelID.fact, cancelInFlight: true)
            case .factLoaded(let text):
                state.loading = false
                state.fact = text
                return .none
            case .cancelFact:
                state.loading = false
                return .cancel(id: CancelID.fact)
            case .startTimer:
                let interval = tickInterval
                return .run { send in
                    while !Task.isCancelled {
                        try await Task.sleep(for: interval)
                        await send(.tick)
                    }
                }.cancellable(id: CancelID.timer)
            case .tick:
                state.count += 1
                return .none
            case .stopTimer:
                return .cancel(id: CancelID.timer)
            }
        }
    }
}
