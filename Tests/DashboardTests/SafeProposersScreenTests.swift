import AppCore
@testable import BifrostDashboard
import Foundation
import Testing

@Suite("Dashboard: a Safe's proposers")
struct SafeProposersScreenTests {
    static let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let owner = try! Address("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
    static let bot = try! Address("0x90F79bf6EB2c4f870365E785982E1f101E93b906")
    static let service = SafeServiceEndpoint(url: URL(string: "http://127.0.0.1:8600")!, apiKey: nil)

    static func context(keys: [Account]) -> RenderContext { RenderContext(pageID: "p1", csrf: "t", keys: keys) }

    @Test("the Safe's home links its Proposers page, which the dashboard serves; without a service it says so")
    func route() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            let home = try await h.get("/safes/\(DashboardHarness.safeAddress.checksummed)", cookie: cookie)
            #expect(home.body.contains("href=\"/safes/\(DashboardHarness.safeAddress.checksummed)/proposers\""))
            let page = try await h.get("/safes/\(DashboardHarness.safeAddress.checksummed)/proposers", cookie: cookie)
            #expect(page.status == 200 && page.body.contains("id=\"no-service\""), "\(page.body)")
        }
    }

    @Test("without a service the page says so and offers no form")
    func noService() {
        let html = SafeProposersScreen.render(SafeProposers.State(address: Self.safe, serviceHost: nil), Self.context(keys: [])).rendered
        #expect(html.contains("id=\"no-service\"") && !html.contains("<form"), "\(html)")
        #expect(html.contains("<a href=\"/safes/\(Self.safe.checksummed)\">"), "the way back is a link, not escaped text: \(html)")
    }

    @Test("each proposer shows its label escaped, hidden characters as code points, its scope and delegator; the add form offers the owner keys only")
    func listing() throws {
        let label = "<b>bot</b>\u{202E}"
        let delegates = [SafeDelegate(safe: Self.safe, delegate: Self.bot, delegator: Self.owner, label: label, expiry: nil),
                         SafeDelegate(safe: nil, delegate: Self.owner, delegator: Self.bot, label: "wide", expiry: Date(timeIntervalSince1970: 1_798_675_200))]
        var state = SafeProposers.State(address: Self.safe, serviceHost: "127.0.0.1")
        state.listing = SafeDelegates(safe: Self.safe, owners: [Self.owner], service: Self.service, delegates: delegates)
        let alice = Account(name: "alice", address: Self.owner, kind: .privateKey, derivationPath: nil, createdAt: Date())
        let stranger = Account(name: "stranger", address: try Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"), kind: .privateKey, derivationPath: nil, createdAt: Date())
        let html = SafeProposersScreen.render(state, Self.context(keys: [alice, stranger])).rendered
        #expect(html.contains("&lt;b&gt;bot&lt;/b&gt;[U+202E]") && !html.contains("<b>bot"), "\(html)")
        #expect(html.contains("every Safe of its owner") && html.contains("2026-12-31"))
        #expect(html.contains("/do/add") && html.contains("/do/remove"))
        let addForm = try #require(html.range(of: "/do/add")).upperBound
        #expect(html[addForm...].contains("alice") && !html[addForm...].contains("stranger"), "only an owner key adds")
    }
}
