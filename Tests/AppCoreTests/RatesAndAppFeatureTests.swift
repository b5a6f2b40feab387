import AppCore
import AppCoreTesting
import Testing

@MainActor
@Suite("Feature: Rates")
struct RatesFeatureTests {
    nonisolated static let stale = RatesResult(rates: [Sample.ethRate], warning: "rates API failed (offline); showing the last known rates")

    @Test("refresh shows rates with the stale warning; a new fiat refetches; history gives chart points")
    func refresh() async {
        let deps = RatesFeature.Dependencies(rates: { _, _ in Self.stale }, history: { _, _, days in (0..<days).map(Double.init) })
        let store = TestStore(initialState: RatesFeature.State(coins: ["ethereum"]), reducer: RatesFeature.Reducer(dependencies: deps))
        store.send(.refresh) { $0.loading = true }
        await store.receive(.ratesLoaded(.success(Self.stale))) {
            $0.loading = false
            $0.rates = [Sample.ethRate]
            $0.warning = Self.stale.warning
        }
        store.send(.historyTapped(coin: "ethereum", days: 3))
        await store.receive(.historyLoaded(coin: "ethereum", .success([0, 1, 2]))) { $0.history = ["ethereum": [0, 1, 2]] }
        store.send(.fiatChanged("EUR")) {
            $0.fiat = "eur"
            $0.rates = []
            $0.history = [:]
        }
        await store.receive(.refresh) { $0.loading = true }
        await store.receive(.ratesLoaded(.success(Self.stale))) {
            $0.loading = false
            $0.rates = [Sample.ethRate]
        }
        await store.finish()
    }

    @Test("no rates at all is an error in state")
    func failure() async {
        let store = TestStore(initialState: RatesFeature.State(), reducer: RatesFeature.Reducer(dependencies: .failing))
        store.send(.refresh) { $0.loading = true }
        await store.receive(.ratesLoaded(.failure(FeatureError(.unavailable("rates"))))) {
            $0.loading = false
            $0.error = FeatureError(.unavailable("rates"))
        }
        await store.finish()
    }
}

@MainActor
@Suite("Feature: App")
struct AppFeatureTests {
    static func deps(hasKeys: Bool) -> AppFeature.Dependencies {
        AppFeature.Dependencies(hasKeys: { hasKeys }, safeList: .mock(safes: [Sample.safe()]), detail: .mock(Sample.snapshot),
                                send: .mock(draft: Sample.draft, entry: Sample.entry, review: Sample.review, count: Sample.count(signed: 2), transaction: Sample.stored),
                                rates: .mock(RatesResult(rates: [Sample.ethRate], warning: nil)))
    }

    @Test("without keys the app onboards, and the first key leads to the Safe list")
    func onboarding() async {
        let store = TestStore(initialState: AppFeature.State(), reducer: AppFeature.reducer(Self.deps(hasKeys: false)))
        store.send(.launched)
        await store.receive(.keysChecked(hasKeys: false)) { $0.route = .onboarding }
        store.send(.keyCreated) { $0.route = .safes }
        await store.receive(.safeList(.task))
        await store.receive(.safeList(.safesChanged([Sample.safe()]))) {
            $0.safeList.safes = [Sample.safe()]
            $0.safeList.loaded = true
        }
        await store.receive(.safeList(.summariesLoaded([:])))
        await store.finish()
    }

    @Test("updateRoute navigates directly; going to the Safe list starts its observation")
    func updateRoute() async {
        let store = TestStore(initialState: AppFeature.State(), reducer: AppFeature.reducer(Self.deps(hasKeys: true)))
        store.send(.updateRoute(.onboarding)) { $0.route = .onboarding }
        store.send(.updateRoute(.safes)) { $0.route = .safes }
        await store.receive(.safeList(.task))
        await store.receive(.safeList(.safesChanged([Sample.safe()]))) {
            $0.safeList.safes = [Sample.safe()]
            $0.safeList.loaded = true
        }
        await store.receive(.safeList(.summariesLoaded([:])))
        await store.finish()
    }

    @Test("the parent hears the send flow's delegate only: a failed execution refreshes nothing")
    func delegateOnly() async {
        var deps = Self.deps(hasKeys: true)
        deps.send = .failing
        var initial = AppFeature.State()
        initial.detail = SafeDetail.State(address: Sample.safeAddress)
        initial.send = SendFlow.State(safe: Sample.safeAddress)
        initial.send?.route = .signed(Sample.entry, Sample.count(signed: 2))
        let store = TestStore(initialState: initial, reducer: AppFeature.reducer(deps))
        store.send(.send(.executeTapped(keyName: "bob", password: Redacted("pw")))) { $0.send?.busy = true }
        await store.receive(.send(.executed(.failure(FeatureError(.unavailable("execute")))))) {
            $0.send?.busy = false
            $0.send?.error = FeatureError(.unavailable("execute"))
        }
        await store.finish()
    }

    @Test("with keys: the Safe list, a Safe's detail, the send flow on top, and executing refreshes the detail")
    func navigation() async {
        let store = TestStore(initialState: AppFeature.State(), reducer: AppFeature.reducer(Self.deps(hasKeys: true)))
        store.send(.launched)
        await store.receive(.keysChecked(hasKeys: true)) { $0.route = .safes }
        await store.receive(.safeList(.task))
        await store.receive(.safeList(.safesChanged([Sample.safe()]))) {
            $0.safeList.safes = [Sample.safe()]
            $0.safeList.loaded = true
        }
        await store.receive(.safeList(.summariesLoaded([:])))
        store.send(.safeSelected(Sample.safeAddress)) { $0.detail = SafeDetail.State(address: Sample.safeAddress) }
        await store.receive(.detail(.refresh)) { $0.detail?.loading = true }
        await store.receive(.detail(.loaded(.success(Sample.snapshot)))) {
            $0.detail?.loading = false
            $0.detail?.snapshot = Sample.snapshot
        }
        store.send(.sendTapped) { $0.send = SendFlow.State(safe: Sample.safeAddress) }
        var draft = SafeIntentDraft()
        draft.recipient = Sample.recipient.checksummed
        draft.amount = "0.1"
        store.send(.send(.draftChanged(draft))) { $0.send?.draft = draft }
        store.send(.send(.reviewTapped)) { $0.send?.busy = true }
        await store.receive(.send(.drafted(.success(Sample.draft)))) {
            $0.send?.busy = false
            $0.send?.route = .review(Sample.draft)
        }
        await store.receive(.send(.reviewed(safeTxHash: Sample.draft.safeTxHash, .success(Sample.review)))) { $0.send?.review = Sample.review }
        store.send(.send(.signTapped(keyName: "bob", password: Redacted("pw")))) { $0.send?.busy = true }
        await store.receive(.send(.signed(.success(SafeConfirmations(entry: Sample.entry, signature: nil, count: Sample.count(signed: 2)))))) {
            $0.send?.busy = false
            $0.send?.route = .signed(Sample.entry, Sample.count(signed: 2))
        }
        store.send(.send(.executeTapped(keyName: "bob", password: Redacted("pw")))) { $0.send?.busy = true }
        await store.receive(.send(.executed(.success(SafeExecutionResult(entry: Sample.entry, transaction: Sample.stored, success: true))))) {
            $0.send?.busy = false
            $0.send?.route = .executed(txHash: Sample.stored.hash, success: true)
        }
        await store.receive(.send(.delegate(.executed(SafeExecutionResult(entry: Sample.entry, transaction: Sample.stored, success: true)))))
        await store.receive(.detail(.refresh)) { $0.detail?.loading = true }
        await store.receive(.detail(.loaded(.success(Sample.snapshot)))) { $0.detail?.loading = false }
        store.send(.dismissDetail) {
            $0.detail = nil
            $0.send = nil
        }
        await store.finish()
    }
}
