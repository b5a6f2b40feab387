import AppCore
import Testing
@testable import BifrostDashboard

/// The first run leads a new user from no key and no network to a Safe.
@Suite("Dashboard: the first run")
struct FirstRunTests {
    static func context(network: Bool) -> RenderContext {
        RenderContext(pageID: "1-1", csrf: "csrf", keys: [], hasNetwork: network)
    }

    @Test("the empty Safe list leads to a network first when there is none; with one, that step is done")
    func safeList() {
        let without = SafeListScreen.firstRun(Self.context(network: false)).rendered
        #expect(without.contains("<a href=\"/settings#networks\">Add a network</a>"))
        #expect(without.components(separatedBy: "class=\"done\"").count - 1 == 1)
        let with = SafeListScreen.firstRun(Self.context(network: true)).rendered
        #expect(!with.contains("/settings#networks") && with.components(separatedBy: "class=\"done\"").count - 1 == 2)
    }

    @Test("settings without networks or keys say what to add, and where; a key picker with no key leads to making one")
    func emptySettings() {
        #expect(SettingsScreen.networkList(.empty, empty: true).rendered.contains("No network yet"))
        #expect(SettingsScreen.keyList(.empty, empty: true).rendered.contains("<a href=\"/onboarding\">Create or import a key first</a>"))
        #expect(SettingsScreen.keyList("<tr></tr>", empty: false).rendered.hasPrefix("<table>"))
        #expect(Format.keyFields([]).rendered.contains("Create or import a key first"))
    }

    @Test("the header offers to add a network when the home has none, and names the chain when it has one")
    func header() {
        let none = Layout.page(title: "Safes", section: .safes, pageID: nil, revision: 0, chain: nil, main: .empty).rendered
        #expect(none.contains("<a class=\"chain\" id=\"no-network\" href=\"/settings#networks\">"))
        let named = Layout.page(title: "Safes", section: .safes, pageID: nil, revision: 0, chain: "devnet", main: .empty).rendered
        #expect(named.contains("<span class=\"chain\">devnet</span>") && !named.contains("no-network"))
    }
}
