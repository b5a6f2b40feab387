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
        /// Waits for the next tick; tests pass a `TestClock` so ticks come exactly when advanced.
        var sleep: @Sendable () async throws -> Void = { try await Task.sleep(for: .milliseconds(5)) }

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
                let sleep = self.sleep
                return .run { send in
                    while true {
                        try await sleep()
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

/// A clock the test advances by hand, so a timer effect ticks exactly as often as asked and a
/// tick can never slip in between the last assertion and the cancellation.
actor TestClock {
    private var permits = 0
    private var waiter: CheckedContinuation<Void, Never>?

    /// Lets one waiting (or the next) `sleep` return.
    func advance() {
        if let waiter {
            self.waiter = nil
            waiter.resume()
        } else {
            permits += 1
        }
    }

    /// Returns after the next `advance`; throws `CancellationError` when the task is cancelled.
    func sleep() async throws {
        if permits > 0 {
            permits -= 1
            return
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { continuation.resume() } else { waiter = continuation }
            }
        } onCancel: {
            Task { await self.wakeCancelled() }
        }
        try Task.checkCancellation()
    }

    private func wakeCancelled() {
        waiter?.resume()
        waiter = nil
    }
}
