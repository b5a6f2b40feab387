import AppCore
import Logging
import Testing

@MainActor
@Suite("Store: actions, effects, subscriptions, middleware, composition")
struct StoreTests {
    @Test("state changes only through send; effects run and report back; finishEffects waits for them")
    func effects() async {
        let store = Store(initialState: Counter.State(), reducer: Counter.Reducer(fact: { "fact \($0)" }))
        store.send(.increment)
        store.send(.fetchFact)
        #expect(store.state.loading)
        await store.finishEffects()
        #expect(store.state == Counter.State(count: 1, fact: "fact 1", loading: false))
        #expect(store.runningEffects == 0)
    }

    @Test("settle returns once the effects are done and the state is ready, leaves lasting effects running, and gives up at its limit")
    func settle() async {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let store = Store(initialState: Counter.State(), reducer: Counter.Reducer(fact: { count in
            for await _ in gate { break }
            return "fact \(count)"
        }))
        store.send(.fetchFact)
        let waiting = Task { await store.settle(within: .seconds(60)) }
        try? await Task.sleep(for: .milliseconds(50))
        #expect(store.state.loading, "still waiting on the effect")
        open.yield()
        await waiting.value
        #expect(store.state.fact == "fact 0" && store.runningEffects == 0)

        store.send(.startTimer)
        await store.settle(leaving: 1, until: { $0.count >= 3 }, within: .seconds(60))
        #expect(store.state.count >= 3 && store.runningEffects == 1, "the timer lasts; the state got ready")
        let start = ContinuousClock.now
        await store.settle(within: .milliseconds(200))
        #expect(ContinuousClock.now - start >= .milliseconds(200) && store.runningEffects == 1, "the timer never ends, so the limit does")
        store.send(.stopTimer)
    }

    @Test("cancelInFlight keeps only the newest effect with the same id")
    func cancelInFlight() async {
        let store = Store(initialState: Counter.State(), reducer: Counter.Reducer(fact: { n in
            try await Task.sleep(for: .milliseconds(n == 0 ? 500 : 1))
            return "fact \(n)"
        }))
        store.send(.fetchFact)
        store.send(.increment)
        store.send(.fetchFact)
        await store.finishEffects()
        #expect(store.state.fact == "fact 1")
    }

    @Test("a keypath subscription starts with the current value and skips repeats")
    func subscription() async {
        let store = Store(initialState: Counter.State(), reducer: Counter.Reducer(fact: { _ in "same" }))
        var iterator = store.subscribe(\.count).makeAsyncIterator()
        #expect(await iterator.next() == 0)
        store.send(.fetchFact)  // count unchanged: nothing for this subscriber
        await store.finishEffects()
        store.send(.increment)
        store.send(.increment)
        #expect(await iterator.next() == 1)
        #expect(await iterator.next() == 2)
        #expect(store.subscriberCount == 1)
    }

    @Test("the metrics middleware counts actions by case, nested cases included; logging sees them too")
    func middleware() async {
        let metrics = MetricsMiddleware<Parent.State, Parent.Action>()
        let store = Store(initialState: Parent.State(), reducer: Parent.reducer,
                          middleware: [metrics, LoggingMiddleware(logger: Logger(label: "test"))])
        store.send(.counter(.increment))
        store.send(.counter(.increment))
        store.send(.reset)
        #expect(metrics.snapshot == ["counter.increment": 2, "reset": 1])
        #expect(metrics.total == 3)
    }

    @Test("Scope runs a child reducer on its part of the state and maps its effects back")
    func scope() async {
        let store = Store(initialState: Parent.State(), reducer: Parent.reducer)
        store.send(.counter(.increment))
        store.send(.counter(.fetchFact))
        await store.finishEffects()
        #expect(store.state.counter == Counter.State(count: 1, fact: "child fact 1", loading: false))
        #expect(store.state.log == ["counter.increment", "counter.fetchFact", "counter.factLoaded"])
        store.send(.reset)
        #expect(store.state.counter == Counter.State())
    }

    @Test("IfLetScope ignores actions for an absent child and runs them for a present one")
    func ifLet() async {
        let store = Store(initialState: Parent.State(), reducer: Parent.reducer)
        store.send(.detail(.increment))
        #expect(store.state.detail == nil)
        store.send(.showDetail)
        store.send(.detail(.increment))
        #expect(store.state.detail?.count == 1)
    }
}

/// A parent composing the counter twice: always present, and as an optional route.
enum Parent {
    struct State: Equatable, Sendable {
        var counter = Counter.State()
        var detail: Counter.State?
        var log: [String] = []
    }

    enum Action: Equatable, Sendable {
        case counter(Counter.Action)
        case detail(Counter.Action)
        case showDetail
        case reset
    }

    static var child: Counter.Reducer { Counter.Reducer(fact: { "child fact \($0)" }) }

    static var reducer: CombineReducers<State, Action> { CombineReducers<State, Action>(
        Reduce { state, action in
            switch action {
            case .counter(let a):
                state.log.append("counter." + String(describing: a).prefix { $0 != "(" })
            case .showDetail:
                state.detail = Counter.State()
            case .reset:
                state.counter = Counter.State()
            case .detail:
                break
            }
            return .none
        },
        Scope(state: \.counter, action: { if case .counter(let a) = $0 { a } else { nil } }, embed: Action.counter, child: child),
        IfLetScope(state: \.detail, action: { if case .detail(let a) = $0 { a } else { nil } }, embed: Action.detail, child: child)
    ) }
}
