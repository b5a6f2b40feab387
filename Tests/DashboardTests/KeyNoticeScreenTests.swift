import AppCore
@testable import BifrostDashboard
import Foundation
import Testing

/// A key that opens only under a legacy form of its password is shown so in Settings, next to
/// the key, with the command that ends it: the dashboard has no terminal to warn on.
@MainActor
@Suite("Dashboard: key notices in Settings")
struct KeyNoticeScreenTests {
    static let time = Date(timeIntervalSince1970: 1_763_700_000)
    static let keys = [Account(name: "grebe", address: DashboardHarness.owners[0], kind: .privateKey, derivationPath: nil, createdAt: time),
                       Account(name: "rail<b>", address: DashboardHarness.owners[1], kind: .privateKey, derivationPath: nil, createdAt: time)]
    static let context = RenderContext(pageID: "7-43", csrf: "c5rf", keys: keys)

    static func rendered(_ notices: [KeyNotice]) -> String {
        var state = Settings.State()
        state.snapshot = Settings.Snapshot(networks: [], current: nil, keys: keys, keyNotices: notices)
        return SettingsScreen.render(state, context).rendered
    }

    @Test("the key's row says it opens only under its password with \\r\\n after it and how to re-encrypt it; the other key's row says nothing")
    func legacyPasswordShown() throws {
        let page = Self.rendered([.legacyPassword(name: "rail<b>", ending: .crlf)])
        let rows = page.components(separatedBy: "<tr>")
        let rail = try #require(rows.first { $0.contains("rail&lt;b&gt;") })
        #expect(rail.contains("\\r\\n") && rail.contains("bifrost key re-encrypt --name rail&lt;b&gt;"), "\(rail)")
        let grebe = try #require(rows.first { $0.contains("grebe") && !$0.contains("option") })
        #expect(!grebe.contains("re-encrypt"))
        #expect(!Self.rendered([]).contains("re-encrypt"), "no notice, no words")
    }
}
