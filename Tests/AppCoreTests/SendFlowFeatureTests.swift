import AppCore
import AppCoreTesting
import BigInt
import Testing

@MainActor
@Suite("Feature: Send flow")
struct SendFlowFeatureTests {
    nonisolated static func deps(confirmations: Int) -> SendFlow.Dependencies {
        SendFlow.Dependencies(
            context: { _ in throw FeatureProblem.unavailable("context") },
            draft: { safe, intent, nonce in
                guard safe == Sample.safeAddress, intent == .call(to: Sample.recipient, value: BigUInt(10).power(17), data: [], operation: .call),
                      nonce == nil else {
                    throw FeatureProblem.unavailable("this draft")
                }
                return Sample.draft
            },
            review: { draft in
                guard draft == Sample.draft else { throw FeatureProblem.unavailable("this review") }
                return Sample.review
            },
            propose: { draft, key, password in
                guard draft == Sample.draft else { throw FeatureProblem.unavailable("this proposal") }
                guard let key else { return SafeConfirmations(entry: Sample.entry, signature: nil, count: Sample.count(signed: 0)) }
                return SafeConfirmations(entry: Sample.entry, signature: nil, count: Sample.count(signed: key == "bob" && password == "pw" ? confirmations : 0))
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
        await store.receive(.drafted(.success(Sample.draft))) {
            $0.busy = false
            $0.route = .review(Sample.draft)
        }
        await store.receive(.reviewed(safeTxHash: Sample.draft.safeTxHash, .success(Sample.review))) { $0.review = Sample.review }
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
        store.send(.updateRoute(.review(Sample.draft))) {
            $0.route = .review(Sample.draft)
            $0.error = nil
        }
        store.send(.updateRoute(.compose)) { $0.route = .compose }
        await store.finish()
    }

    @Test("a review that answers after another draft took its place is dropped, not shown beside the new draft")
    func lateReviewIsDropped() async {
        var state = SendFlow.State(safe: Sample.safeAddress)
        state.route = .review(Sample.draft)
        let store = TestStore(initialState: state, reducer: SendFlow.Reducer(dependencies: Self.deps(confirmations: 1)))
        store.send(.reviewed(safeTxHash: [UInt8](repeating: 7, count: 32), .success(Sample.review)))
        #expect(store.state.review == nil)
        store.send(.reviewed(safeTxHash: Sample.draft.safeTxHash, .success(Sample.review))) { $0.review = Sample.review }
        await store.finish()
    }

    @Test("the review page offers Execute by the Safe's order, as the transaction page does: a signed transaction above the Safe's nonce waits")
    func executeWaitsForTheSafesNonce() async {
        var state = SendFlow.State(safe: Sample.safeAddress)
        state.route = .signed(Sample.entry, Sample.count(signed: 2))
        state.context = SafeComposeContext(safe: Sample.safe(nonce: 0), balance: EtherAmount(wei: 0), tokens: [], queued: [], addressBook: [])
        #expect(state.readiness == .ready)
        state.context = SafeComposeContext(safe: Sample.safe(nonce: 1), balance: EtherAmount(wei: 0), tokens: [], queued: [], addressBook: [])
        #expect(state.readiness == .nonceUsed(current: 1))
        let store = TestStore(initialState: state, reducer: SendFlow.Reducer(dependencies: Self.deps(confirmations: 2)))
        store.send(.executeTapped(keyName: "bob", password: Redacted("pw"))) { $0.error = FeatureError(SafeError.nonceUsed(nonce: 0, current: 1)) }
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
        await store.receive(.drafted(.success(Sample.draft))) {
            $0.busy = false
            $0.route = .review(Sample.draft)
        }
        await store.receive(.reviewed(safeTxHash: Sample.draft.safeTxHash, .success(Sample.review))) { $0.review = Sample.review }
        store.send(.signTapped(keyName: "bob", password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.signed(.success(SafeConfirmations(entry: Sample.entry, signature: nil, count: Sample.count(signed: 1))))) {
            $0.busy = false
            $0.route = .signed(Sample.entry, Sample.count(signed: 1))
        }
        store.send(.executeTapped(keyName: "bob", password: Redacted("pw"))) { $0.error = FeatureError(SafeError.notEnoughSignatures(have: 1, need: 2, missing: [Sample.owners[1]])) }
        store.send(.backTapped) { $0.error = nil }
        #expect(store.state.route == .signed(Sample.entry, Sample.count(signed: 1)), "a proposed transaction stays proposed: back does not unsign it")
        await store.finish()
    }

    @Test("review is a draft: reviewing proposes nothing; back returns to compose; Propose without signing stores it unsigned, then Sign signs the stored one")
    func draftThenPropose() async {
        let proposals = CallCount()
        var deps = Self.deps(confirmations: 2)
        let propose = deps.propose
        deps.propose = { draft, key, password in
            await proposals.add()
            return try await propose(draft, key, password)
        }
        let store = TestStore(initialState: SendFlow.State(safe: Sample.safeAddress), reducer: SendFlow.Reducer(dependencies: deps))
        store.send(.draftChanged(Self.draft(Sample.recipient.checksummed))) { $0.draft = Self.draft(Sample.recipient.checksummed) }
        for _ in 0..<3 {
            store.send(.reviewTapped) { $0.busy = true }
            await store.receive(.drafted(.success(Sample.draft))) {
                $0.busy = false
                $0.route = .review(Sample.draft)
            }
            await store.receive(.reviewed(safeTxHash: Sample.draft.safeTxHash, .success(Sample.review))) { $0.review = Sample.review }
            store.send(.backTapped) {
                $0.route = .compose
                $0.review = nil
            }
        }
        #expect(await proposals.value == 0, "three reviews proposed nothing")
        store.send(.reviewTapped) { $0.busy = true }
        await store.receive(.drafted(.success(Sample.draft))) {
            $0.busy = false
            $0.route = .review(Sample.draft)
        }
        await store.receive(.reviewed(safeTxHash: Sample.draft.safeTxHash, .success(Sample.review))) { $0.review = Sample.review }
        store.send(.proposeTapped) { $0.busy = true }
        await store.receive(.proposed(.success(SafeConfirmations(entry: Sample.entry, signature: nil, count: Sample.count(signed: 0))))) {
            $0.busy = false
            $0.route = .proposed(Sample.entry, Sample.count(signed: 0))
        }
        #expect(await proposals.value == 1)
        store.send(.signTapped(keyName: "bob", password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.signed(.success(SafeConfirmations(entry: Sample.entry, signature: nil, count: Sample.count(signed: 2))))) {
            $0.busy = false
            $0.route = .signed(Sample.entry, Sample.count(signed: 2))
        }
        #expect(await proposals.value == 1, "signing the proposed one signs it, it proposes nothing more")
        await store.finish()
    }

    @Test("a typed nonce goes to the draft; one that does not read stays on compose")
    func nonce() async {
        let store = TestStore(initialState: SendFlow.State(safe: Sample.safeAddress), reducer: SendFlow.Reducer(dependencies: Self.deps(confirmations: 2)))
        var d = Self.draft(Sample.recipient.checksummed)
        d.nonce = "seven"
        store.send(.draftChanged(d)) { $0.draft = d }
        store.send(.reviewTapped) { $0.error = FeatureError(SafeIntentDraftError.invalid("nonce", "a whole number")) }
        await store.finish()
    }
}

/// Counts calls across tasks.
actor CallCount {
    private(set) var value = 0
    func add() { value += 1 }
}
