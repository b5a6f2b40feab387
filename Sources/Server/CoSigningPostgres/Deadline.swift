import CoSigningStorage
import Synchronization

/// Runs work that may hang on a server gone silent, answering by a deadline either way, or as
/// soon as `health` says the server is down: a request then gets a 503 in seconds instead of
/// waiting on a pool for a minute. The work itself is left to finish or fail on its own; callers
/// only run writes that are safe to repeat.
enum Deadline {
    /// Thrown when `limit` passed first.
    struct Passed: Error {}
    /// Thrown when the server stopped answering first.
    struct ServerDown: Error {}

    static func run<T: Sendable>(within limit: Duration, unless health: ServerHealth? = nil,
                                 _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        if health?.isDown == true { throw ServerDown() }
        let race = Race<T>()
        return try await withCheckedThrowingContinuation { continuation in
            race.waiting(continuation)
            let worker = Task {
                let result = await Result(catching: work)
                race.finish(with: result)
            }
            race.timing(Task {
                let clock = ContinuousClock(), end = clock.now + limit
                // Checked a few times a second: the server's health can end the wait before the limit.
                while clock.now < end {
                    try? await Task.sleep(for: min(.milliseconds(100), end - clock.now))
                    if Task.isCancelled { return }
                    if health?.isDown == true {
                        worker.cancel()
                        race.finish(with: .failure(ServerDown()))
                        return
                    }
                }
                worker.cancel()
                race.finish(with: .failure(Passed()))
            })
        }
    }

    /// Who answers first, the work or the clock; the other finds nobody waiting.
    private final class Race<T: Sendable>: Sendable {
        private let state = Mutex<(continuation: CheckedContinuation<T, any Error>?, clock: Task<Void, Never>?, done: Bool)>((nil, nil, false))

        func waiting(_ continuation: CheckedContinuation<T, any Error>) { state.withLock { $0.continuation = continuation } }

        func timing(_ clock: Task<Void, Never>) {
            let finished = state.withLock { s in
                s.clock = clock
                return s.done
            }
            if finished { clock.cancel() }
        }

        func finish(with result: Result<T, any Error>) {
            let (continuation, clock) = state.withLock { s in
                defer { s.continuation = nil; s.done = true }
                return (s.continuation, s.clock)
            }
            clock?.cancel()
            continuation?.resume(with: result)
        }
    }
}

extension Result where Failure == any Error {
    /// The outcome of `body`.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
