import AppCore
import Foundation
import Testing

/// The refusals of a local web server that lets no one else in, over real HTTP.
@Suite("Dashboard: who gets in")
struct DashboardAccessTests {
    @Test("without the session cookie every page is refused with 401, on a styled page that says what to do; a wrong link token too")
    func noToken() async throws {
        let h = try await DashboardHarness.start(trade: false)
        for path in ["/", "/settings", "/safes/\(DashboardHarness.safeAddress.checksummed)", "/live/1-1", "/p/1-1/main"] {
            let answer = try await h.get(path, cookie: nil)
            #expect(answer.status == 401, "\(path)")
            #expect(!answer.body.contains("data-page"), "\(path)")
            #expect(answer.body.contains("<h1>Open the dashboard from its link</h1>") && answer.body.contains("<code>bifrost dashboard</code>"), "\(path)")
        }
        // The assets hold nothing private; without them a refusal would show unstyled.
        for asset in ["/assets/app.css", "/assets/app.js", "/assets/icon.svg"] {
            #expect(try await h.get(asset, cookie: nil).status == 200, "\(asset)")
        }
        #expect(try await h.get("/assets/app.css?token=" + String(repeating: "0", count: 32), cookie: nil).status == 401, "a token is checked wherever it comes")
        #expect(try await h.get("/?token=" + String(repeating: "0", count: 32), cookie: nil).status == 401)
        #expect(try await h.get("/", cookie: "bifrost_session_\(h.port)=" + h.access.linkToken).status == 401, "the link token is not the session")
        await h.stop()
    }

    @Test("the link's token is traded once for an HttpOnly SameSite=Strict cookie named for the port, and a redirect that drops the token")
    func tokenExchange() async throws {
        let h = try await DashboardHarness.start(trade: false)
        let answer = try await h.get("/settings?token=\(h.access.linkToken)", cookie: nil)
        #expect(answer.status == 303)
        #expect(answer.headers["location"] == ["/settings"])
        let header = answer.headers["set-cookie"].first ?? ""
        #expect(header.contains("HttpOnly") && header.contains("SameSite=Strict") && header.hasPrefix("bifrost_session_\(h.port)="))
        #expect(!header.contains(h.access.linkToken))
        let cookie = DashboardHarness.cookiePair(header)
        let page = try await h.get("/settings", cookie: cookie)
        #expect(page.status == 200 && page.body.contains("<h1>Settings</h1>"))
        // The cookie of another port's server is not this one's session.
        let otherPort = cookie.replacingOccurrences(of: "bifrost_session_\(h.port)=", with: "bifrost_session_\(h.port + 1)=")
        #expect(try await h.get("/settings", cookie: otherPort).status == 401)
        // A second use of the link: refused without the session, a plain redirect with it.
        let replay = try await h.get("/settings?token=\(h.access.linkToken)", cookie: nil)
        #expect(replay.status == 401 && replay.headers["set-cookie"].isEmpty)
        let again = try await h.get("/settings?token=\(h.access.linkToken)", cookie: cookie)
        #expect(again.status == 303 && again.headers["location"] == ["/settings"])
        await h.stop()
    }

    @Test("a foreign Host (DNS rebinding) gets 421 even with the cookie; localhost and 127.0.0.1 on the port are let in")
    func foreignHost() async throws {
        let h = try await DashboardHarness.start()
        let cookie = try await h.cookie()
        for host in ["evil.example:\(h.port)", "127.0.0.1", "localhost:1", "127.0.0.1.evil.example:\(h.port)"] {
            #expect(try await h.get("/settings", cookie: cookie, host: host).status == 421, "\(host)")
        }
        #expect(try await h.get("/settings", cookie: cookie, host: "localhost:\(h.port)").status == 200)
        await h.stop()
    }

    @Test("a POST without the CSRF token, or with another, is refused with 403 and changes nothing")
    func csrf() async throws {
        let h = try await DashboardHarness.start()
        let cookie = try await h.cookie()
        let page = try await h.get("/settings", cookie: cookie)
        let id = try #require(DashboardHarness.pageID(page.body))
        #expect(DashboardHarness.csrf(page.body) == h.access.csrfToken)
        let form = "name=evil&rpc_url=http%3A%2F%2F127.0.0.1%3A9&chain_id=5"
        #expect(try await h.post("/p/\(id)/do/add-network", form: form, cookie: cookie).status == 403)
        #expect(try await h.post("/p/\(id)/do/add-network", form: form + "&csrf=" + String(repeating: "a", count: 32), cookie: cookie).status == 403)
        let (networks, _) = try await h.session.services.dispatcher.dispatch(ListNetworks())
        #expect(!networks.contains { $0.name == "evil" })
        // The same form with the page's token goes through.
        let accepted = try await h.post("/p/\(id)/do/add-network", form: form + "&csrf=" + h.access.csrfToken, cookie: cookie)
        #expect(accepted.status == 303)
        try await h.settled(id, cookie: cookie)
        let (after, _) = try await h.session.services.dispatcher.dispatch(ListNetworks())
        #expect(after.contains { $0.name == "evil" && $0.chainID == 5 })
        await h.stop()
    }

    @Test("every answer carries a CSP with no inline script and no outside origin, refusals included")
    func contentSecurityPolicy() async throws {
        let h = try await DashboardHarness.start()
        let cookie = try await h.cookie()
        for answer in [try await h.get("/", cookie: cookie), try await h.get("/", cookie: nil), try await h.get("/assets/app.css", cookie: cookie)] {
            let csp = answer.headers["content-security-policy"].first ?? ""
            #expect(csp.contains("script-src 'self'") && csp.contains("default-src 'none'") && !csp.contains("unsafe-inline") && !csp.contains("http"))
            #expect(answer.headers["x-content-type-options"] == ["nosniff"])
        }
        await h.stop()
    }
}
