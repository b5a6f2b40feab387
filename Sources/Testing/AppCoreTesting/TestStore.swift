@_spi(Testing) import AppCore
import Foundation
import Testing

/// A store for tests that insists on being told everything: each `send` and `receive` must
/// describe the exact state change, every action an effect sends must be `receive`d in order, and
/// `finish()` fails if anything is left unreceived or still running.
@MainActor
public final class TestStore<State: Equatable & Sendable, Action: Equatable & Sendable> {
    /// The state after everything sent and received so far.
    public private(set) var state: State

    private let reducer: any Reducer<State, Action>
    private var received: [Action] = []
    private let effects = EffectRunner<Action>()
    private var finished = false

    /// A test store at `initialState` running `reducer`.
    public init(initialState: State, reducer: some Reducer<State, Action>) {
        state = initialState
        self.reducer = reducer
    }

    /// Sends `action`; `update` must turn the previous state into the new one exactly.
    public func send(_ action: Action, _ update: ((inout State) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        if !received.isEmpty {
            Issue.record("sent \(action) while \(received.count) received action(s) were not asserted: \(received)", sourceLocation: sourceLocation)
        }
        apply(action, update, sourceLocation: sourceLocation)
    }

    /// The generous default timeouts only cost time when a test fails: a test process on a busy
    /// machine can starve effects for many seconds, and a flaky pass/fail is worse than a slow fail.
    ///
    /// Waits up to `timeout` for the next action an effect sent, which must equal `expected`, and
    /// applies it; `update` must describe the state change exactly.
    public func receive(_ expected: Action, timeout: Duration = .seconds(60), _ update: ((inout State) -> Void)? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) async {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while received.isEmpty, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        guard !received.isEmpty else {
            Issue.record("expected to receive \(expected), but no action arrived within \(timeout)", sourceLocation: sourceLocation)
            return
        }
        let action = received.removeFirst()
        if action != expected {
            Issue.record("received \(action), expected \(expected)", sourceLocation: sourceLocation)
        }
        apply(action, update, sourceLocation: sourceLocation)
    }

    /// Waits up to `timeout` for running effects, then fails for any action not received and any
    /// effect still running (which is cancelled).
    public func finish(timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation) async {
        finished = true
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while effects.running > 0, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        if !received.isEmpty {
            Issue.record("\(received.count) action(s) received from effects were not asserted: \(received)", sourceLocation: sourceLocation)
        }
        if effects.running > 0 {
            Issue.record("\(effects.running) effect(s) were still running at the end of the test", sourceLocation: sourceLocation)
            effects.cancelAll()
        }
    }

    /// Effects still running.
    public var runningEffects: Int { effects.running }

    isolated deinit {
        if !finished && (!received.isEmpty || effects.running > 0) {
            Issue.record("TestStore released with unasserted actions or running effects; end the test with 'await store.finish()'")
        }
        effects.cancelAll()
    }

    private func apply(_ action: Action, _ update: ((inout State) -> Void)?, sourceLocation: SourceLocation) {
        var expected = state
        update?(&expected)
        let effect = reducer.reduce(into: &state, action: action)
        if expected != state {
            Issue.record("""
                state after \(action) does not match:
                  expected: \(expected)
                  actual:   \(state)
                """, sourceLocation: sourceLocation)
        }
        run(effect)
    }

    private func run(_ effect: Effect<Action>) {
        effects.run(effect, immediate: { received.append($0) }, deliver: Send { [weak self] action in await self?.enqueue(action) })
    }

    private func enqueue(_ action: Action) { received.append(action) }
}
