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
    /// One log per subscribed keypath, however many subscribers follow it.
    private var logs: [AnyKeyPath: AnyObject] = [:]
    private var updates: [AnyKeyPath: (State) -> Void] = [:]
    private var subscriptions = 0
    /// Who waits in `settle` for the next action or finished effect.
    private var settleWaiters: [UUID: CheckedContinuation<Void, Never>] = [:]

    /// A store starting at `initialState`, reducing with `reducer`, observed by `middleware`.
    public init(initialState: State, reducer: some Reducer<State, Action>, middleware: [any Middleware<State, Action>] = []) {
        state = initialState
        self.reducer = reducer
        self.middleware = middleware
        effects.onFinish = { [weak self] in self?.wakeSettlers() }
    }

    /// Reduces `action` now, tells the middleware and subscribers, and starts its effects.
    public func send(_ action: Action) {
        let before = state
        let effect = reducer.reduce(into: &state, action: action)
        for m in middleware { m.observe(action: action, before: before, after: state) }
        for update in updates.values { update(state) }
        run(effect)
        wakeSettlers()
    }

    /// The value at `keyPath` now and after every change, skipping repeats. Subscribers of one
    /// keypath share one log of its values, so the value is read and compared once per action.
    public func subscribe<Value: Equatable & Sendable>(_ keyPath: KeyPath<State, Value>) -> StoreSubscription<Value> {
        let log: KeyPathLog<State, Value>
        if let existing = logs[keyPath] as? KeyPathLog<State, Value> {
            log = existing
        } else {
            log = KeyPathLog(state: state) { $0[keyPath: keyPath] }
            logs[keyPath] = log
            updates[keyPath] = { [unowned log] state in log.update(state) }
        }
        log.subscribers += 1
        subscriptions += 1
        let source = SubscriptionSource<Value>(
            startVersion: log.latest - 1,
            next: { seen in await log.next(after: seen) },
            release: { [weak self] in Task { @MainActor in self?.release(log) } })
        return StoreSubscription(source: source)
    }

    /// How many subscriptions are alive.
    public var subscriberCount: Int { subscriptions }

    /// How many keypaths have a log, for tests of the sharing.
    var keyPathLogCount: Int { logs.count }

    /// Forgets a subscription whose last copy is gone, and its keypath's log with the last one.
    private func release(_ log: some KeyPathLogCounting) {
        subscriptions -= 1
        log.subscribers -= 1
        guard log.subscribers == 0, let key = logs.first(where: { $0.value === log })?.key else { return }
        logs[key] = nil
        updates[key] = nil
    }

    /// How many effects are still running.
    public var runningEffects: Int { effects.running }

    /// Waits until every running effect (and those they start) has finished.
    public func finishEffects() async { await effects.waitForAll() }

    /// Cancels every running effect.
    public func cancelEffects() { effects.cancelAll() }

    /// Waits until at most `lasting` effects run (those that last as long as the screen, such as
    /// observations) and `ready` holds for the state, or until `limit` has passed; woken by each
    /// action and each finished effect rather than by polling.
    public func settle(leaving lasting: Int = 0, until ready: (State) -> Bool = { _ in true }, within limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while effects.running > lasting || !ready(state), ContinuousClock.now < deadline {
            let id = UUID()
            let timer = Task { [weak self] in
                try? await Task.sleep(until: deadline)
                self?.settleWaiters.removeValue(forKey: id)?.resume()
            }
            await withCheckedContinuation { settleWaiters[id] = $0 }
            timer.cancel()
        }
    }

    private func wakeSettlers() {
        let waiting = settleWaiters
        settleWaiters = [:]
        for continuation in waiting.values { continuation.resume() }
    }

    private func run(_ effect: Effect<Action>) {
        effects.run(effect, immediate: { send($0) }, deliver: Send { [weak self] action in await self?.send(action) })
    }
}
