import AppCore
import AppCoreTesting
import BigInt
import Testing

@MainActor
@Suite("Feature: Send flow")
struct SendFlowFeatureTests {
    nonisolated static func deps(confirmations: Int) -> SendFlow.Dependencies {
        SendFlow.Dependencies(
            propose: { safe, intent in
                guard safe == Sample.safeAddress, intent == .call(to: Sample.recipient, value: BigUInt(10).power(17), data: [], operation: .call) else {
                    throw FeatureProblem.unavailable("this proposal")
                }
                return Sample.entry
            },
            review: { hash in
                guard hash == Sample.entry.safeTxHash else { throw FeatureProblem.unavailable("this review") }
                return Sample.review
            },
            sign: { _, key, password in
                SafeConfirmations(entry: Sample.entry, signature: nil, count: Sample.count(signed: key == "bob" && password == "pw" ? confirmations : 0))
            },
            execute: { _, _, _ in SafeExecutionResult(entry: Sample.entry, transaction: Sample.stored, success: true) })
    }

    nonisolated static func draft(_ recipient: String, amount: String = "0.1") -> SafeIntentDraft {
        var d = SafeIntentDraft(kind: .ether)
        d.recipient = recipient
        d.amount = amount
        return d
    }

    @Test("compose → review → sign → execute, one route at a time")
    func happyPath() async {
        let store = TestStore(initialState: SendFlow.State(safe: Sample.safeAddress), reducer: SendFlow.Reducer(dependencies: Self.deps(confirmations: 2)))
        store.send(.draftChanged(Self.draft(Sample.recipient.checksummed))) { $0.draft = Self.draft(Sample.recipient.checksummed) }
        store.send(.reviewTapped) { $0.busy = true }
        await store.receive(.proposed(.success(Sample.entry))) {
            $0.busy = false
            $0.route = .review(Sample.entry)
        }
        await store.receive(.reviewed(.success(Sample.review))) { $0.review = Sample.review }
        store.send(.signTapped(keyName: "bob", password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.signed(.success(SafeConfirmations(entry: Sample.entry, signature: nil, count: Sample.count(signed: 2))))) {
            $0.busy = false
            $0.route = .signed(Sample.entry, Sample.count(signed: 2))
        }
        store.send(.executeTapped(keyName: "bob", password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.executed(.success(SafeExecutionResult(entry: Sample.entry, transaction: Sample.stored, success: true)))) {
            $0.busy = false
            $0.route = .executed(txHash: Sample.stored.hash, success: true)
        }
        await store.receive(.delegate(.executed(SafeExecutionResult(entry: Sample.entry, transaction: Sample.stored, success: true))))
        await store.finish()
    }

    @Test("updateRoute goes straight to a route, as a link or the browser's back would, and clears the error")
    func updateRoute() async {
        var initial = SendFlow.State(safe: Sample.safeAddress)
        initial.error = FeatureError(.unavailable("old"))
        let store = TestStore(initialState: initial, reducer: SendFlow.Reducer(dependencies: .failing))
        store.send(.updateRoute(.review(Sample.entry))) {
            $0.route = .review(Sample.entry)
            $0.error = nil
        }
        store.send(.updateRoute(.compose)) { $0.route = .compose }
        await store.finish()
    }

    @Test("bad input stays on compose with an error; execution waits for the threshold; back steps return")
    func errorsAndBack() async {
        let store = TestStore(initialState: SendFlow.State(safe: Sample.safeAddress), reducer: SendFlow.Reducer(dependencies: Self.deps(confirmations: 1)))
        store.send(.draftChanged(Self.draft("0x1234"))) { $0.draft = Self.draft("0x1234") }
        store.send(.reviewTapped) {
            $0.error = FeatureError(SafeIntentDraftError.invalid("recipient", "an address has 20 bytes (40 hex digits), got 4 hex digits"))
        }
        #expect(store.state.route == .compose)
        store.send(.draftChanged(Self.draft(Sample.recipient.checksummed))) { $0.draft = Self.draft(Sample.recipient.checksummed) }
        store.send(.reviewTapped) {
            $0.busy = true
            $0.error = nil
        }
        await store.receive(.proposed(.success(Sample.entry))) {
            $0.busy = false
            $0.route = .review(Sample.entry)
        }
        await store.receive(.reviewed(.success(Sample.review))) { $0.review = Sample.review }
        store.send(.signTapped(keyName: "bob", password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.signed(.success(SafeConfirmations(entry: Sample.entry, signature: nil, count: Sample.count(signed: 1))))) {
            $0.busy = false
            $0.route = .signed(Sample.entry, Sample.count(signed: 1))
        }
        store.send(.executeTapped(keyName: "bob", password: Redacted("pw"))) { $0.error = FeatureError(SafeError.notEnoughSignatures(have: 1, need: 2, missing: [Sample.owners[1]])) }
        store.send(.backTapped) {
            $0.error = nil
            $0.route = .review(Sample.entry)
        }
        store.send(.backTapped) {
            $0.route = .compose
            $0.review = nil
        }
        await store.finish()
    }
}
