import AppCore
import Foundation
import Testing

/// Pages as served: outside text escaped, bad input answered with a message and a 4xx, and the
/// server still serving afterwards.
@Suite("Dashboard: pages")
struct DashboardPageTests {
    @Test("a Safe named with markup and script shows as text; a node without logs leaves the history's reason and the rest of the home")
    func escapesSafeName() async throws {
        let h = try await DashboardHarness.start()
        let cookie = try await h.cookie()
        let escaped = "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;"
        let list = try await h.get("/", cookie: cookie)
        #expect(list.status == 200)
        #expect(list.body.contains(escaped))
        #expect(!list.body.contains("<script>alert") && !list.body.contains("<img src=x"))
        // The mock node has no logs: the history says why, and the rest of the home still shows.
        let home = try await h.get("/safes/\(DashboardHarness.safeAddress.checksummed)", cookie: cookie)
        #expect(home.status == 200 && home.body.contains("could not list the Safe's executions") && home.body.contains("eth_getLogs"))
        #expect(home.body.contains("<h2>Owners</h2>") && !home.body.contains("role=\"alert\""))
        await h.stop()
    }

    @Test("a bad address or hash in a path is a 400 page with the reason; an unknown page a 404; the server keeps serving")
    func badInput() async throws {
        let h = try await DashboardHarness.start()
        let cookie = try await h.cookie()
        let badSafe = try await h.get("/safes/0x1234%3Cb%3E", cookie: cookie)
        #expect(badSafe.status == 400 && badSafe.body.contains("is not an address") && !badSafe.body.contains("<b>"))
        #expect(try await h.get("/tx/0xzz", cookie: cookie).status == 400)
        #expect(try await h.get("/nowhere", cookie: cookie).status == 404)
        #expect(try await h.get("/p/999-1/main", cookie: cookie).status == 404)
        let page = try await h.get("/settings", cookie: cookie)
        let id = try #require(DashboardHarness.pageID(page.body))
        #expect(try await h.post("/p/\(id)/do/launch-missiles", form: "csrf=\(h.access.csrfToken)", cookie: cookie).status == 404)
        #expect(try await h.get("/", cookie: cookie).status == 200)
        await h.stop()
    }

    @Test("a form with input the page cannot read shows the reason on the page and sends nothing")
    func formError() async throws {
        let h = try await DashboardHarness.start()
        let cookie = try await h.cookie()
        let list = try await h.get("/", cookie: cookie)
        let id = try #require(DashboardHarness.pageID(list.body))
        let posted = try await h.post("/p/\(id)/do/add", form: "csrf=\(h.access.csrfToken)&address=0xnot", cookie: cookie)
        #expect(posted.status == 303)
        let shown = try await h.get("/p/\(id)", cookie: cookie)
        #expect(shown.body.contains("Safe address: &#39;0xnot&#39; is not an address"))
        await h.stop()
    }

    @Test("a change another writer makes to the home reaches an open page without any action from it")
    func liveStream() async throws {
        let h = try await DashboardHarness.start()
        let cookie = try await h.cookie()
        let page = try await h.get("/settings", cookie: cookie)
        let id = try #require(DashboardHarness.pageID(page.body))
        let watcher = Task { @MainActor in await h.app.watchHome() }
        // The watcher notes the home as it is before anything changes: a change made before it ran would be its baseline.
        await MainActor.run {}
        // Another writer adds a network; the page's state changes and its stream says so.
        _ = try await h.session.services.dispatcher.dispatch(AddNetwork(name: "later", rpcURL: "http://127.0.0.1:9", chainID: 7, deployments: nil))
        let deadline = ContinuousClock.now + .seconds(5)
        var main = ""
        while ContinuousClock.now < deadline, !main.contains("later") {
            main = try await h.get("/p/\(id)/main", cookie: cookie).body
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(main.contains("<td>later</td>"))
        watcher.cancel()
        await h.stop()
    }

    @Test("the header names the home's current network, and fiat values are in BIFROST_FIAT's currency")
    func networkNameAndFiat() async throws {
        let h = try await DashboardHarness.start(network: "office-node", environment: ["BIFROST_FIAT": "EUR"])
        let cookie = try await h.cookie()
        let home = try await h.get("/safes/\(DashboardHarness.safeAddress.checksummed)", cookie: cookie).body
        #expect(home.contains("office-node") && !home.contains("current network"))
        h.node.register(path: "/api/v3/simple/price", body: Array(#"{"ethereum":{"eur":2000,"last_updated_at":1763700000}}"#.utf8))
        _ = try await h.session.services.dispatcher.dispatch(FetchRates(coins: ["ethereum"], fiat: "eur", source: RatesSource()))
        let list = try await h.get("/", cookie: cookie).body
        #expect(list.contains(" EUR") && !list.contains(" USD"), "the Safe list's fiat column is in euro")
        await h.stop()
    }
}
