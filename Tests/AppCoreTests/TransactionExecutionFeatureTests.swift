import AppCore
import AppCoreTesting
import BigInt
import Foundation
import Testing

/// An executed transaction's page reads how it ran; a queued one does not.
@MainActor
@Suite("Feature: TransactionDetail, the execution")
struct TransactionExecutionFeatureTests {
    nonisolated static let carrier = [UInt8](repeating: 7, count: 32)
    nonisolated static let record = SafeExecutionReport(transactionHash: carrier, block: 812, date: Date(timeIntervalSince1970: 1_764_288_060), executor: Sample.owners[0],
                                            fee: 160_000_000_000_000, gasUsed: 80_000, success: true)

    static func detail(_ status: SafeTransactionStatus) -> SafeTransactionDetail {
        let e = Sample.entry
        let entry = SafeTransactionEntry(transaction: e.transaction, safeTxHash: e.safeTxHash, signatures: [], status: status,
                                         executionHash: status == .queued ? nil : carrier, summary: e.summary, createdAt: e.createdAt, updatedAt: e.updatedAt)
        return SafeTransactionDetail(entry: entry, safe: Sample.safe(), confirmations: Sample.count(signed: 0), hashes: try! SafeHashesView(e.transaction),
                                     call: CallDecoder().decode(e.transaction))
    }

    @Test("loading an executed transaction reads its execution; a node that cannot confirm it leaves its reason; a queued one reads none")
    func execution() async {
        var deps = TransactionDetail.Dependencies.mock(detail: Self.detail(.executed))
        deps.execution = { _ in Self.record }
        let store = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash), reducer: TransactionDetail.Reducer(dependencies: deps))
        store.send(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(Self.detail(.executed)))) {
            $0.loading = false
            $0.detail = Self.detail(.executed)
        }
        await store.receive(.executionRead(.success(Self.record))) { $0.execution = Self.record }
        await store.finish()

        var refused = TransactionDetail.Dependencies.mock(detail: Self.detail(.failed))
        refused.execution = { _ in throw FeatureProblem.unavailable("execution") }
        let failing = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash), reducer: TransactionDetail.Reducer(dependencies: refused))
        failing.send(.refresh) { $0.loading = true }
        await failing.receive(.loaded(.success(Self.detail(.failed)))) {
            $0.loading = false
            $0.detail = Self.detail(.failed)
        }
        await failing.receive(.executionRead(.failure(FeatureError(.unavailable("execution"))))) { $0.executionError = FeatureError(.unavailable("execution")) }
        await failing.finish()

        var never = TransactionDetail.Dependencies.mock(detail: Self.detail(.queued))
        never.execution = { _ in Issue.record("a queued transaction has no execution to read"); return nil }
        let queued = TestStore(initialState: TransactionDetail.State(safeTxHash: Sample.entry.safeTxHash), reducer: TransactionDetail.Reducer(dependencies: never))
        queued.send(.refresh) { $0.loading = true }
        await queued.receive(.loaded(.success(Self.detail(.queued)))) {
            $0.loading = false
            $0.detail = Self.detail(.queued)
        }
        await queued.finish()
    }
}
