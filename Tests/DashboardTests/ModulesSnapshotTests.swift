import AppCore
import BigInt
@testable import BifrostDashboard
import Foundation
import SnapshotTesting
import TestSupport
import Testing

/// The Safe home's modules and guard, and the setup kind of the new-transaction form.
@MainActor
@Suite("Dashboard: modules and guard")
struct ModulesSnapshotTests {
    static let context = ScreenSnapshotTests.context
    static let busy = try! Address("0x1000000000000000000000000000000000000001")
    static let idle = try! Address("0x2000000000000000000000000000000000000002")
    static let guardAddress = try! Address("0x3000000000000000000000000000000000000003")

    static func snapshot(modules: [Address], guardAddress: Address, activity: [SafeActivityItem], historyError: String? = nil) -> SafeDetail.Snapshot {
        let s = ScreenSnapshotTests.safe
        let safe = Safe(chainID: s.chainID, address: s.address, name: s.name, version: s.version, owners: s.owners, threshold: s.threshold, nonce: s.nonce,
                        modules: modules, fallbackHandler: .zero, guardAddress: guardAddress, updatedAt: s.updatedAt)
        return SafeDetail.Snapshot(info: SafeState(safe: safe, balance: EtherAmount(wei: 0), tokens: []), queue: [], history: [], rate: nil,
                                   historyError: historyError, activity: activity)
    }

    @Test("each module with its count and newest executions and a Remove opening the disable review; the guard with its Remove")
    func modules() {
        let items = [
            SafeActivityItem(kind: .module(Self.busy), summary: nil, success: false, transactionHash: [UInt8](repeating: 2, count: 32), block: 12, logIndex: 0,
                             date: HistorySnapshotTests.dayTwo),
            SafeActivityItem(kind: .multisig(safeTxHash: [UInt8](repeating: 9, count: 32), nonce: 1), summary: "enable module", success: true,
                             transactionHash: [UInt8](repeating: 3, count: 32), block: 11, logIndex: 0, date: HistorySnapshotTests.dayTwo),
            SafeActivityItem(kind: .module(Self.busy), summary: "send 1 ETH to <b>x</b>", success: true, transactionHash: [UInt8](repeating: 1, count: 32),
                             block: 10, logIndex: 0, date: HistorySnapshotTests.dayOne),
        ]
        let html = SafeModulesSection.render(Self.snapshot(modules: [Self.busy, Self.idle], guardAddress: Self.guardAddress, activity: items), Self.context).rendered
        #expect(html.contains("data-executions=\"2\">2 executions, 1 failed") && html.contains("data-executions=\"0\">0 executions"))
        #expect(html.contains("/new?setup=disable-module&amp;address=\(Self.idle.checksummed)"))
        #expect(html.contains("/new?setup=set-guard&amp;address=0x0"))
        #expect(!html.contains("<b>x</b>"), "a summary from the chain is escaped")
        assertSnapshot(of: html, as: .lines)
    }

    @Test("no module and no guard; with the history unread, no count is claimed")
    func none() {
        let html = SafeModulesSection.render(Self.snapshot(modules: [], guardAddress: .zero, activity: []), Self.context).rendered
        #expect(html.contains("No module is enabled.") && html.contains("<dd id=\"guard\">none</dd>"))
        let unread = SafeModulesSection.render(Self.snapshot(modules: [Self.idle], guardAddress: .zero, activity: [], historyError: "no eth_getLogs"),
                                               Self.context).rendered
        #expect(unread.contains("executions unknown") && !unread.contains("data-executions"))
    }

    @Test("a Remove link opens the form on the setup kind with its change and address; an unknown change opens the usual form")
    func link() throws {
        let draft = try #require(NewTransactionScreen.setupDraft("disable-module", address: Self.idle.checksummed))
        #expect(draft.kind == .setup && draft.setupChange == .disableModule && draft.setupAddress == Self.idle.checksummed)
        #expect(try draft.intent() == .setup(.disableModule(Self.idle)))
        #expect(NewTransactionScreen.setupDraft("upgrade", address: "0x0") == nil && NewTransactionScreen.setupDraft(nil, address: nil) == nil)
        let fields = ComposeFields(context: nil, names: AddressNames([:]), action: "/x").fields(draft).rendered
        #expect(fields.contains("<option value=\"disable-module\" selected>") && fields.contains("value=\"\(Self.idle.checksummed)\""))
    }
}
