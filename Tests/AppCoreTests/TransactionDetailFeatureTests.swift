import AppCore
import AppCoreTesting
import BigInt
import Testing

@MainActor
@Suite("Feature: TransactionDetail")
struct TransactionDetailFeatureTests {
    static func detail(signers: Int) -> SafeTransactionDetail {
        let entry = Sample.entry
        let signatures = Array(Sample.signatures.prefix(signers))
        let signed = SafeTransactionEntry(transaction: entry.transaction, safeTxHash: entry.safeTxHash, signatures: signatures, status: .queued,
                                          executionHash: nil, summary: entry.summary, createdAt: entry.createdAt, updatedAt: entry.updatedAt)
        return SafeTransactionDetail(entry: signed, safe: Sample.safe(),
                                     confirmations: Sample.count(signed: signers),
                                     hashes: try! SafeHashesView(entry.transaction),
                                     call: CallDecoder().decode(entry.transaction))
    }

    @Test("refresh loads the transaction, its confirmations and hashes; signing reloads it; routes switch")
    func loadSignReload() async {
        var deps = TransactionDetail.Dependencies.mock(detail: Self.detail(signers: 1))
        let confirmed = SafeConfirmations(entry: Sample.entry, signature: nil, count: Sample.count(signed: 2))
        deps.sign = { _, _, _ in confirmed }
        let store = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash), reducer: TransactionDetail.Reducer(dependencies: deps))
        store.send(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(Self.detail(signers: 1)))) {
            $0.loading = false
            $0.detail = Self.detail(signers: 1)
        }
        #expect(store.state.detail?.confirmations.missing == [Sample.owners[1]])
        store.send(.signTapped(keyName: "bob", password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.signed(.success(confirmed))) { $0.busy = false }
        await store.receive(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(Self.detail(signers: 1)))) { $0.loading = false }
        store.send(.updateRoute(.signatures)) { $0.route = .signatures }
        await store.finish()
    }

    @Test("the review on the node is kept for the page; its failure is kept apart, the rest of the page stands")
    func review() async {
        let effect = SafeEffect.changes([SafeStateChange(.singleton, .critical, "the Safe's singleton changes")])
        let review = SafeTransactionReview(call: Sample.review.call, simulation: .succeeds, effect: effect)
        var deps = TransactionDetail.Dependencies.mock(detail: Self.detail(signers: 1))
        deps.review = { _ in review }
        let store = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash), reducer: TransactionDetail.Reducer(dependencies: deps))
        store.send(.reviewTapped)
        await store.receive(.reviewed(.success(review))) { $0.review = review }
        await store.finish()

        let failing = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash),
                                reducer: TransactionDetail.Reducer(dependencies: .mock(detail: Self.detail(signers: 1))))
        failing.send(.reviewTapped)
        await failing.receive(.reviewed(.failure(FeatureError(.unavailable("review"))))) { $0.reviewError = FeatureError(.unavailable("review")) }
        await failing.finish()
    }

    @Test("execute waits for the threshold; once ready it executes, tells the parent, and reloads")
    func execute() async {
        let result = SafeExecutionResult(entry: Sample.entry, transaction: Sample.stored, success: true)
        let notReady = TestStore(initialState: { var s = TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash); s.detail = Self.detail(signers: 1); return s }(),
                                 reducer: TransactionDetail.Reducer(dependencies: .failing))
        notReady.send(.executeTapped(keyName: "bob", password: Redacted("pw"))) { $0.error = FeatureError(SafeError.notEnoughSignatures(have: 1, need: 2, missing: [Sample.owners[1]])) }
        await notReady.finish()

        let ready = Self.detail(signers: 2)
        let store = TestStore(initialState: { var s = TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash); s.detail = ready; return s }(),
                              reducer: TransactionDetail.Reducer(dependencies: .mock(detail: ready, executed: result)))
        store.send(.executeTapped(keyName: "bob", password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.executed(.success(result))) { $0.busy = false }
        await store.receive(.delegate(.executed(result)))
        await store.receive(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(ready))) { $0.loading = false }
        // Ready to execute: the execute picker's balances are read (the mock has none to give).
        await store.receive(.balancesTapped)
        await store.receive(.balancesLoaded(.failure(FeatureError(.unavailable("key balances")))))
        await store.finish()
    }

    @Test("a fully signed transaction after the Safe's nonce does not execute: it waits for that nonce, and nothing is sent")
    func executeWaitsForNonce() async {
        let tx = SafeTx(safe: Sample.safeAddress, chainID: 31337, version: .v1_4_1, to: Sample.recipient, value: 1, nonce: 1)
        let later = SafeTransactionEntry(transaction: tx, safeTxHash: try! tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                         summary: "later", createdAt: Sample.entry.createdAt, updatedAt: Sample.entry.updatedAt)
        let detail = SafeTransactionDetail(entry: later, safe: Sample.safe(nonce: 0), confirmations: Sample.count(signed: 2),
                                           hashes: try! SafeHashesView(tx), call: CallDecoder().decode(tx))
        #expect(detail.readiness == .waitsForNonce(next: 0, confirmed: true))
        let store = TestStore(initialState: { var s = TransactionDetail.State(safeTxHash: later.safeTxHash); s.detail = detail; return s }(),
                              reducer: TransactionDetail.Reducer(dependencies: .failing))
        store.send(.executeTapped(keyName: "bob", password: Redacted("pw"))) { $0.error = FeatureError(SafeError.nonceAhead(nonce: 1, current: 0)) }
        await store.finish()
    }

    @Test("the keys' balances are kept for the execute picker; unread ones leave it as it was")
    func keyBalances() async {
        var deps = TransactionDetail.Dependencies.mock(detail: Self.detail(signers: 2))
        let balances = [Sample.owners[0]: EtherAmount(wei: 0), Sample.owners[1]: EtherAmount(wei: 5)]
        deps.keyBalances = { balances }
        let store = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash), reducer: TransactionDetail.Reducer(dependencies: deps))
        store.send(.balancesTapped)
        await store.receive(.balancesLoaded(.success(balances))) { $0.keyBalances = balances }
        await store.finish()
        let failing = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash),
                                reducer: TransactionDetail.Reducer(dependencies: .mock(detail: Self.detail(signers: 2))))
        failing.send(.balancesTapped)
        await failing.receive(.balancesLoaded(.failure(FeatureError(.unavailable("key balances")))))
        await failing.finish()
    }

    @Test("the evidence is kept for the page to offer as a download; a node that cannot write it leaves its reason")
    func evidence() async {
        var dependencies = TransactionDetail.Dependencies.mock(detail: Self.detail(signers: 0))
        dependencies.evidence = { hash in #"{"format":"bifrost.safe-evidence","hash":"\#(Hex.encode(hash))"}"# }
        let store = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash), reducer: TransactionDetail.Reducer(dependencies: dependencies))
        store.send(.evidenceTapped)
        let document = #"{"format":"bifrost.safe-evidence","hash":"\#(Hex.encode(Sample.entry.safeTxHash))"}"#
        await store.receive(.evidenceWritten(.success(document))) { $0.evidence = document }
        await store.finish()

        let failing = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash),
                                reducer: TransactionDetail.Reducer(dependencies: .mock(detail: Self.detail(signers: 0))))
        failing.send(.evidenceTapped)
        await failing.receive(.evidenceWritten(.failure(FeatureError(.unavailable("evidence"))))) { $0.error = FeatureError(.unavailable("evidence")) }
        await failing.finish()
    }

    @Test("export keeps the file for the page to offer; a failing load keeps its error")
    func exportAndFailure() async {
        let store = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash),
                              reducer: TransactionDetail.Reducer(dependencies: .mock(detail: Self.detail(signers: 0), file: #"{"format":"x"}"#)))
        store.send(.exportTapped)
        await store.receive(.exported(.success(#"{"format":"x"}"#))) { $0.exportedFile = #"{"format":"x"}"# }
        await store.finish()

        let failing = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash), reducer: TransactionDetail.Reducer(dependencies: .failing))
        failing.send(.refresh) { $0.loading = true }
        await failing.receive(.loaded(.failure(FeatureError(.unavailable("load"))))) {
            $0.loading = false
            $0.error = FeatureError(.unavailable("load"))
        }
        await failing.finish()
    }

    @Test("reject proposes the empty transaction at the same nonce and keeps it for a link; a failure keeps its error")
    func reject() async {
        let rejectionTx = SafeTx(safe: Sample.safeAddress, chainID: 31337, version: .v1_4_1, to: Sample.safeAddress, nonce: 0)
        let rejection = SafeTransactionEntry(transaction: rejectionTx, safeTxHash: try! rejectionTx.hash(), signatures: [], status: .queued,
                                             executionHash: nil, summary: "rejection", createdAt: Sample.time, updatedAt: Sample.time)
        let store = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash),
                              reducer: TransactionDetail.Reducer(dependencies: .mock(detail: Self.detail(signers: 1), rejection: rejection)))
        store.send(.rejectTapped) { $0.busy = true }
        await store.receive(.rejected(.success(rejection))) {
            $0.busy = false
            $0.rejection = rejection
        }
        await store.finish()

        let failing = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash),
                                reducer: TransactionDetail.Reducer(dependencies: .failing))
        failing.send(.rejectTapped) { $0.busy = true }
        await failing.receive(.rejected(.failure(FeatureError(.unavailable("reject"))))) {
            $0.busy = false
            $0.error = FeatureError(.unavailable("reject"))
        }
        await failing.finish()
    }

    @Test("share sends to the Transaction Service and records whose signatures went; without a service it says so")
    func share() async {
        var dependencies = TransactionDetail.Dependencies.mock(detail: Self.detail(signers: 1))
        dependencies.share = { _ in Sample.entry.signatures.map(\.owner) }
        let store = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash),
                              reducer: TransactionDetail.Reducer(dependencies: dependencies))
        store.send(.shareTapped) { $0.busy = true }
        await store.receive(.shared(.success(Sample.entry.signatures.map(\.owner)))) {
            $0.busy = false
            $0.sharedWith = Sample.entry.signatures.map(\.owner)
        }
        await store.finish()

        let none = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash),
                             reducer: TransactionDetail.Reducer(dependencies: .mock(detail: Self.detail(signers: 1))))
        none.send(.shareTapped) { $0.busy = true }
        await none.receive(.shared(.failure(FeatureError(.noTransactionService)))) {
            $0.busy = false
            $0.error = FeatureError(.noTransactionService)
        }
        await none.finish()
    }
}
