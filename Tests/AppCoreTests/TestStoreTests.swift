import AppCore
import AppCoreTesting
import Testing

@MainActor
@Suite("TestStore: exhaustive assertions")
struct TestStoreTests {
    @Test("send asserts the exact state change; an immediate .send effect must be received")
    func sendAndReceive() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter.Reducer(fact: { "\($0) is a number" }))
        store.send(.increment) { $0.count = 1 }
        store.send(.decrement) { $0.count = 0 }
        store.send(.decrement) { $0.count = -1 }
        await store.receive(.increment) { $0.count = 0 }
        await store.finish()
    }

    @Test("an async effect's action is received with its state change")
    func asyncEffect() async {
        let store = TestStore(initialState: Counter.State(count: 3), reducer: Counter.Reducer(fact: { "\($0) is odd" }))
        store.send(.fetchFact) { $0.loading = true }
        await store.receive(.factLoaded("3 is odd")) {
            $0.loading = false
            $0.fact = "3 is odd"
        }
        await store.finish()
    }

    @Test("cancelling by id stops an effect before it sends anything")
    func cancellation() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter.Reducer(fact: { _ in
            try await Task.sleep(for: .seconds(30))
            return "never"
        }))
        store.send(.fetchFact) { $0.loading = true }
        #expect(store.runningEffects == 1)
        store.send(.cancelFact) { $0.loading = false }
        await store.finish()
        #expect(store.runningEffects == 0)
    }

    @Test("a long-running effect sends until it is cancelled")
    func timer() async {
        let clock = TestClock()
        let store = TestStore(initialState: Counter.State(), reducer: Counter.Reducer(fact: { _ in "" }, sleep: { try await clock.sleep() }))
        store.send(.startTimer)
        await clock.advance()
        await store.receive(.tick) { $0.count = 1 }
        await clock.advance()
        await store.receive(.tick) { $0.count = 2 }
        store.send(.stopTimer)
        await store.finish()
    }

    @Test("a wrong state assertion fails the test")
    func wrongState() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter.Reducer(fact: { _ in "" }))
        withKnownIssue { store.send(.increment) { $0.count = 2 } }
        await store.finish()
    }

    @Test("an unasserted state change fails the test")
    func unassertedChange() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter.Reducer(fact: { _ in "" }))
        withKnownIssue { store.send(.increment) }
        await store.finish()
    }

    @Test("an action received from an effect but never asserted fails finish()")
    func unreceivedAction() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter.Reducer(fact: { _ in "fact" }))
        store.send(.fetchFact) { $0.loading = true }
        await withKnownIssue { await store.finish() }
    }

    @Test("an effect still running at the end fails finish(), and is cancelled")
    func runningEffect() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter.Reducer(fact: { _ in "" }, sleep: { try await TestClock().sleep() }))
        store.send(.startTimer)
        await withKnownIssue { await store.finish(timeout: .milliseconds(50)) }
    }

    @Test("receiving a different action than expected fails")
    func wrongAction() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter.Reducer(fact: { _ in "real" }))
        store.send(.fetchFact) { $0.loading = true }
        await withKnownIssue {
            await store.receive(.factLoaded("expected")) {
                $0.loading = false
                $0.fact = "expected"
            }
        }
        await store.finish()
    }
}
