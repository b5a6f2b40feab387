// Store dispatch throughput, in the shape of TCA's own benchmarks: one store with 1 and with 100
// keypath subscribers, and a feature nested 1 and 10 scopes deep. The reference, run side by
// side: the same reducer called directly, without a store.
import AppCore
import Foundation

struct CounterState: Equatable, Sendable { var count = 0 }
enum CounterAction: Equatable, Sendable { case increment }
struct CounterReducer: Reducer {
    func reduce(into state: inout CounterState, action: CounterAction) -> Effect<CounterAction> {
        state.count += 1
        return .none
    }
}

/// One level of nesting: the child's state and actions wrapped once more, scoped by keypath and case.
struct Nested<Child: Reducer>: Reducer where Child.State: Sendable & Equatable {
    struct State: Equatable, Sendable { var child: Child.State }
    enum Action: Sendable { case child(Child.Action) }
    // Built once, as an app builds its reducers once: the keypath and closures are not remade per action.
    let scope: Scope<State, Action, Child>
    init(inner: Child) {
        scope = Scope(state: \.child, action: { if case .child(let a) = $0 { a } else { nil } }, embed: Action.child, child: inner)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { scope.reduce(into: &state, action: action) }
}

let actions = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 100_000
let clock = ContinuousClock()

func rate(_ label: String, _ body: () -> Void) -> Double {
    body()  // warm-up
    let elapsed = clock.measure(body)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let perSecond = Double(actions) / seconds
    return perSecond
}

@MainActor func storeWith(subscribers: Int) -> Double {
    let store = Store(initialState: CounterState(), reducer: CounterReducer())
    let streams = (0..<subscribers).map { _ in store.subscribe(\.count) }
    let r = rate("store") { for _ in 0..<actions { store.send(.increment) } }
    withExtendedLifetime(streams) {}
    return r
}

@MainActor func nested1() -> Double {
    let store = Store(initialState: Nested<CounterReducer>.State(child: CounterState()), reducer: Nested(inner: CounterReducer()))
    return rate("nested1") { for _ in 0..<actions { store.send(.child(.increment)) } }
}

@MainActor func nested10() -> Double {
    typealias N1 = Nested<CounterReducer>
    typealias N2 = Nested<N1>
    typealias N3 = Nested<N2>
    typealias N4 = Nested<N3>
    typealias N5 = Nested<N4>
    typealias N6 = Nested<N5>
    typealias N7 = Nested<N6>
    typealias N8 = Nested<N7>
    typealias N9 = Nested<N8>
    typealias N10 = Nested<N9>
    let reducer = N10(inner: N9(inner: N8(inner: N7(inner: N6(inner: N5(inner: N4(inner: N3(inner: N2(inner: N1(inner: CounterReducer()))))))))))
    let state = N10.State(child: .init(child: .init(child: .init(child: .init(child: .init(child: .init(child: .init(child: .init(child: .init(child: CounterState()))))))))))
    let action = N10.Action.child(.child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
    let store = Store(initialState: state, reducer: reducer)
    return rate("nested10") { for _ in 0..<actions { store.send(action) } }
}

func directReducer() -> Double {
    let reducer = CounterReducer()
    var state = CounterState()
    let r = rate("direct") { for _ in 0..<actions { _ = reducer.reduce(into: &state, action: .increment) } }
    precondition(state.count > 0)
    return r
}

let results: [(String, Double)] = [
    ("store, 1 subscriber", storeWith(subscribers: 1)),
    ("store, 100 subscribers", storeWith(subscribers: 100)),
    ("store, nested 1 deep", nested1()),
    ("store, nested 10 deep", nested10()),
    ("reference: reducer called directly", directReducer()),
]
let reference = results[4].1
print("AppCore store dispatch, \(actions) actions each (actions per second; ratio = reducer called directly ÷ case)")
for (label, perSecond) in results {
    print(String(format: "  %-36@ %14.0f /s   %7.1fx", label as NSString, perSecond, reference / perSecond))
}
let json = "{" + results.map { "\"\($0.0)\": \(Int($0.1))" }.joined(separator: ", ") + "}"
print("JSON " + json)
