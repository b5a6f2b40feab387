import AppCore
import BigInt
@testable import BifrostDashboard
import Foundation
import SnapshotTesting
import TestSupport
import Testing

/// The history's HTML for fixed lines, and an executed transaction's execution section.
@MainActor
@Suite("Dashboard: history snapshots")
struct HistorySnapshotTests {
    static let context = ScreenSnapshotTests.context
    static let owner = ScreenSnapshotTests.owners[1]
    static let token = ScreenSnapshotTests.recipient
    static let dayTwo = Date(timeIntervalSince1970: 1_764_288_060)  // 2025-11-28 00:01 UTC
    static let dayOne = Date(timeIntervalSince1970: 1_764_287_940)  // 2025-11-27 23:59 UTC

    static func hash(_ n: UInt8) -> [UInt8] { [UInt8](repeating: n, count: 32) }

    @Test("by day: a stored and a decoded execution linked to their pages, a module's, a failed one, ether and a token (its symbol escaped) received")
    func history() {
        let items = [
            SafeActivityItem(kind: .module(Self.owner), summary: "send 0.05 ETH to 0x90F79bf6EB2c4f870365E785982E1f101E93b906", success: true,
                             transactionHash: Self.hash(1), block: 14, logIndex: 0, date: Self.dayTwo),
            SafeActivityItem(kind: .multisig(safeTxHash: Self.hash(0xa2), nonce: 4), summary: "swapOwner(prevOwner: 0x1, oldOwner: 0x2, newOwner: 0x3)",
                             success: true, transactionHash: Self.hash(2), block: 13, logIndex: 0, date: Self.dayTwo),
            SafeActivityItem(kind: .multisig(safeTxHash: Self.hash(0xa3), nonce: nil), summary: nil, success: false,
                             transactionHash: Self.hash(3), block: 12, logIndex: 0, date: Self.dayTwo),
            SafeActivityItem(kind: .movement(.incoming, asset: "<b>BTT</b>", assetAddress: Self.token, amount: "250.5", counterparty: Self.owner),
                             summary: nil, success: true, transactionHash: Self.hash(4), block: 9, logIndex: 1, date: Self.dayOne),
            SafeActivityItem(kind: .movement(.incoming, asset: "ETH", assetAddress: nil, amount: "1", counterparty: Self.owner),
                             summary: nil, success: true, transactionHash: Self.hash(5), block: 9, logIndex: 0, date: Self.dayOne),
        ]
        let info = SafeState(safe: ScreenSnapshotTests.safe, balance: EtherAmount(wei: BigUInt(10).power(18)), tokens: [], singleton: nil, risks: [])
        let snapshot = SafeDetail.Snapshot(info: info, queue: [], history: [], rate: nil, activity: items)
        let html = SafeHistorySection.render(SafeDetail.State(address: ScreenSnapshotTests.safeAddress), snapshot, Self.context).rendered
        #expect(html.contains("<h3>Friday 28 November 2025</h3>") && html.contains("<h3>Thursday 27 November 2025</h3>"))
        #expect(html.contains("&lt;b&gt;BTT&lt;/b&gt;") && !html.contains("<b>BTT"))
        assertSnapshot(of: html, as: .lines)
    }

    @Test("an executed transaction: how it ran in place of the review; while it is read; not for a queued one")
    func execution() throws {
        let entry = ScreenSnapshotTests.entry
        let executed = SafeTransactionEntry(transaction: entry.transaction, safeTxHash: entry.safeTxHash, signatures: entry.signatures, status: .executed,
                                            executionHash: Self.hash(7), summary: entry.summary, createdAt: entry.createdAt, updatedAt: entry.updatedAt)
        func detail(_ entry: SafeTransactionEntry) throws -> SafeTransactionDetail {
            SafeTransactionDetail(entry: entry, safe: ScreenSnapshotTests.safe, confirmations: ScreenSnapshotTests.safe.count(entry.confirmations),
                                  hashes: try SafeHashesView(entry.transaction), call: CallDecoder().decode(entry.transaction))
        }
        var state = TransactionDetail.State(safeTxHash: entry.safeTxHash)
        #expect(TransactionExecutionSection.render(state, try detail(entry), Self.context) == nil, "a queued transaction shows its review")
        let reading = try #require(TransactionExecutionSection.render(state, try detail(executed), Self.context))
        assertSnapshot(of: reading.rendered, as: .lines, named: "reading")
        state.execution = SafeExecutionReport(transactionHash: Self.hash(7), block: 812, date: Self.dayTwo, executor: ScreenSnapshotTests.owners[0],
                                              fee: 160_000_000_000_000, gasUsed: 80_000, success: true)
        let ran = try #require(TransactionExecutionSection.render(state, try detail(executed), Self.context))
        assertSnapshot(of: ran.rendered, as: .lines, named: "executed")
    }
}
