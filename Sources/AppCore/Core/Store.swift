import Foundation

/// Holds a feature's state on the main actor. State changes only by sending actions through the
/// reducer; effects run as tasks that send actions back; views subscribe to parts of the state.
@MainActor
public final class Store<State: Sendable, Action: Sendable> {
    /// The current state; read-only outside, changed only by `send`.
    public private(set) var state: State

    private let reducer: any Reducer<State, Action>
    private let middleware: [any Middleware<State, Action>]
    private let effects = EffectRunner<Action>()
    private var subscribers: [UUID: (State) -> Void] = [:]

    /// A store starting at `initialState`, reducing with `reducer`, observed by `middleware`.
    public init(initialState: State, reducer: some Reducer<State, Action>, middleware: [any Middleware<State, Action>] = []) {
        state = initialState
        self.reducer = reducer
        self.middleware = middleware
    }

    /// Reduces `action` now, tells the middleware and subscribers, and starts its effects.
    public func send(_ action: Action) {
        let before = state
        let effect = reducer.reduce(into: &state, action: action)
        for m in middleware { m.observe(action: action, before: before, after: state) }
        for notify in subscribers.values { notify(state) }
        run(effect)
    }

    /// The value at `keyPath` now and after every change, skipping repeats.
    public func subscribe<Value: Equatable & Sendable>(_ keyPath: KeyPath<State, Value>) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        var last = state[keyPath: keyPath]
        continuation.yield(last)
        subscribers[id] = { state in
            let value = state[keyPath: keyPath]
            guard value != last else { return }
            last = value
            continuation.yield(value)
        }
        continuation.onTermination = { [weak self] _ in Task { @MainActor in self?.subscribers[id] = nil } }
        return stream
    }

    /// How many subscriptions are active.
    public var subscriberCount: Int { subscribers.count }

    /// How many effects are still running.
    public var runningEffects: Int { effects.running }

    /// Waits until every running effect (and those they start) has finished.
    public func finishEffects() async { await effects.waitForAll() }

    /// Cancels every running effect.
    public func cancelEffects() { effects.cancelAll() }

    private func run(_ effect: Effect<Action>) {
        effects.run(effect, immediate: { send($0) }, deliver: Send { [weak self] action in await self?.send(action) })
    }
}
