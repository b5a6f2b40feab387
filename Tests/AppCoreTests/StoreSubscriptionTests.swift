@testable import AppCore
import Testing

/// Keypath subscriptions share one log per keypath: the value is read and compared once per
/// action however many subscribers follow it, and each subscriber still sees every change.
@MainActor
@Suite("Store: keypath subscriptions share one log per keypath")
struct StoreSubscriptionTests {
    static func store() -> Store<Counter.State, Counter.Action> {
        Store(initialState: Counter.State(), reducer: Counter.Reducer(fact: { _ in "f" }))
    }

    @Test("100 subscribers of one keypath and one of another make two logs, and every subscriber sees every change")
    func shared() async {
        let store = Self.store()
        var counts = (0..<100).map { _ in store.subscribe(\.count).makeAsyncIterator() }
        var loading = store.subscribe(\.loading).makeAsyncIterator()
        #expect(store.keyPathLogCount == 2 && store.subscriberCount == 101)
        store.send(.increment)
        store.send(.increment)
        for i in counts.indices {
            #expect(await counts[i].next() == 0)
            #expect(await counts[i].next() == 1)
            #expect(await counts[i].next() == 2)
        }
        #expect(await loading.next() == false)
    }

    @Test("when the last copy of every subscription is gone, the subscription and its log are forgotten")
    func released() async {
        let store = Self.store()
        do {
            let first = store.subscribe(\.count)
            var iterator = first.makeAsyncIterator()
            #expect(await iterator.next() == 0)
            #expect(store.subscriberCount == 1 && store.keyPathLogCount == 1)
        }
        // The release hops to the main actor; let it run.
        for _ in 0..<10 where store.subscriberCount > 0 { await Task.yield() }
        #expect(store.subscriberCount == 0 && store.keyPathLogCount == 0)
        store.send(.increment)  // no log left to update
        var again = store.subscribe(\.count).makeAsyncIterator()
        #expect(await again.next() == 1)
    }

    @Test("a subscriber 100 changes behind continues from the oldest of the newest 64, as a stream buffering 64 would")
    func lagging() async {
        let store = Self.store()
        var iterator = store.subscribe(\.count).makeAsyncIterator()
        #expect(await iterator.next() == 0)
        for _ in 0..<100 { store.send(.increment) }
        #expect(await iterator.next() == 37)
        #expect(await iterator.next() == 38)
    }

    @Test("a subscriber waiting for a change is woken by it, and returns nil when its task is cancelled")
    func waitingAndCancelled() async {
        let store = Self.store()
        let subscription = store.subscribe(\.count)
        let waiter = Task { @MainActor in
            var iterator = subscription.makeAsyncIterator()
            _ = await iterator.next()
            return await iterator.next()
        }
        for _ in 0..<10 { await Task.yield() }
        store.send(.increment)
        #expect(await waiter.value == 1)

        let cancelled = Task { @MainActor in
            var iterator = store.subscribe(\.count).makeAsyncIterator()
            _ = await iterator.next()  // 1, the current value; the next one waits
            return await iterator.next()
        }
        for _ in 0..<10 { await Task.yield() }
        cancelled.cancel()
        #expect(await cancelled.value == nil)
    }
}
