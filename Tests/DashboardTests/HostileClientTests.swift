import AppCore
@testable import BifrostDashboard
import Foundation
import HTTPServing
import Testing
import TestSupport

/// What a hostile probe of the dashboard found, each over real sockets: streams that never gave
/// back their descriptors, requests that never finish, doubtful Hosts, and HEAD.
@Suite("Dashboard: hostile clients", .serialized)
struct HostileClientTests {
    /// A raw request for `path` with the session cookie.
    static func request(_ h: DashboardHarness, _ path: String, method: String = "GET", cookie: String) -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\nCookie: \(cookie)\r\n\r\n"
    }

    /// Waits up to 30 seconds for `condition` (the whole suite runs at once, on two cores in CI).
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return await condition()
    }

    /// Opens `/live/ID` on a raw connection, without waiting for its first line.
    static func openStream(_ h: DashboardHarness, _ id: String, cookie: String) throws -> RawConnection {
        let connection = try RawConnection(port: h.port)
        try connection.send(request(h, "/live/\(id)", cookie: cookie))
        return connection
    }

    /// Whether the stream's first line (": live") arrived.
    static func started(_ connection: RawConnection) async -> Bool { await connection.read(timeout: .seconds(30), until: ": live").text.contains(": live") }

    @Test("500 event streams opened and closed by their clients give back every descriptor and subscription")
    func closedStreamsAreReleased() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            let id = try #require(DashboardHarness.pageID(try await h.get("/settings", cookie: cookie).body))
            let warm = try Self.openStream(h, id, cookie: cookie)
            #expect(await Self.started(warm))
            warm.close()
            #expect(await Self.eventually { await h.app.pages.openStreams == 0 })
            let baseline = RawConnection.openDescriptors()
            for _ in 0..<10 {
                let batch = try (0..<50).map { _ in try Self.openStream(h, id, cookie: cookie) }
                for connection in batch { #expect(await Self.started(connection)) }
                #expect(await h.app.pages.openStreams == 50)
                for connection in batch { connection.close() }
                #expect(await Self.eventually { await h.app.pages.openStreams == 0 }, "every stream's subscription is given back")
            }
            let released = await Self.eventually { RawConnection.openDescriptors() <= baseline + 5 }
            #expect(released, "descriptors: \(RawConnection.openDescriptors()) against \(baseline) before")
        }
    }

    @Test("a page pushed out of the registry ends its event stream: the chunked answer is finished")
    func evictedPageEndsItsStream() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            let id = try #require(DashboardHarness.pageID(try await h.get("/settings", cookie: cookie).body))
            let stream = try Self.openStream(h, id, cookie: cookie)
            #expect(await Self.started(stream))
            for _ in 0..<(await h.app.pages.capacity) { _ = try await h.get("/rates", cookie: cookie) }
            let rest = await stream.read(timeout: .seconds(30), until: "0\r\n\r\n")
            #expect(rest.closed || rest.text.hasSuffix("0\r\n\r\n"), "the evicted page's stream ended: \(rest.text.debugDescription)")
            #expect(await h.app.pages.openStreams == 0)
        }
    }

    @Test("a request whose headers or body stop arriving is closed after the read timeout; the server keeps serving")
    func slowRequestsAreClosed() async throws {
        try await DashboardHarness.with(limits: ServingLimits(readTimeout: .seconds(1))) { h in
            let cookie = try await h.cookie()
            let halfHeaders = try RawConnection(port: h.port)
            try halfHeaders.send("GET /settings HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\n")
            let idle = try RawConnection(port: h.port)
            let halfBody = try RawConnection(port: h.port)
            try halfBody.send("POST /p/1-1/do/refresh HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\nCookie: \(cookie)\r\n"
                              + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ncsrf=")
            for connection in [halfHeaders, idle, halfBody] {
                #expect(await connection.read(timeout: .seconds(30)).closed)
            }
            // A loaded machine may stall a connection past this server's one second; a few tries are enough.
            var served = false
            for _ in 0..<5 where !served {
                let after = try RawConnection(port: h.port)
                try after.send(Self.request(h, "/settings", cookie: cookie))
                served = await after.read(timeout: .seconds(30), until: "</html>").text.hasPrefix("HTTP/1.1 200")
            }
            #expect(served, "the server keeps serving")
        }
    }

    @Test("one client holds at most its cap of connections: the next is closed at once, the others still answer")
    func connectionCap() async throws {
        try await DashboardHarness.with(limits: ServingLimits(readTimeout: .seconds(60), connectionsPerClient: 4)) { h in
            let cookie = try await h.cookie()
            // Which connection is past the cap depends on the order the event loops see them, and the
            // harness's own client may hold one more.
            let five = try (0..<5).map { _ in try RawConnection(port: h.port) }
            let closed = await RawConnection.closed(among: five, within: .seconds(30))
            let open = five.indices.filter { !closed.contains($0) }.map { five[$0] }
            #expect((1...2).contains(closed.count), "one of five past the cap of 4 is closed at once (two if the harness's client holds one)")
            try open.first?.send(Self.request(h, "/settings", cookie: cookie))
            #expect(await open.first?.read(timeout: .seconds(30), until: "</html>").text.hasPrefix("HTTP/1.1 200") == true)
            for connection in five { connection.close() }
            #expect(await Self.eventually { (try? await h.get("/settings", cookie: cookie).status) == 200 }, "room again once they closed")
        }
    }

    @Test("two Host headers, none, or an absolute-form target naming another host are answered 400 before any route")
    func doubtfulHosts() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            let own = "127.0.0.1:\(h.port)"
            let refused = [
                "GET /settings HTTP/1.1\r\nHost: \(own)\r\nHost: evil.example\r\nCookie: \(cookie)\r\n\r\n",
                "GET /settings HTTP/1.1\r\nCookie: \(cookie)\r\n\r\n",
                "GET http://evil.example/settings HTTP/1.1\r\nHost: \(own)\r\nCookie: \(cookie)\r\n\r\n",
                "GET evil.example:80 HTTP/1.1\r\nHost: \(own)\r\nCookie: \(cookie)\r\n\r\n",
            ]
            for request in refused {
                let connection = try RawConnection(port: h.port)
                try connection.send(request)
                let answer = await connection.read(timeout: .seconds(30))
                #expect(answer.text.hasPrefix("HTTP/1.1 400") && answer.closed, "\(request.debugDescription): \(answer.text.prefix(80))")
            }
            // The absolute form of its own address is still served.
            let own200 = try RawConnection(port: h.port)
            try own200.send("GET http://\(own)/settings HTTP/1.1\r\nHost: \(own)\r\nCookie: \(cookie)\r\n\r\n")
            #expect(await own200.read(timeout: .seconds(30), until: "</html>").text.hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test("HEAD answers as GET does, without a body")
    func head() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            for path in ["/settings", "/assets/app.css"] {
                let connection = try RawConnection(port: h.port)
                try connection.send(Self.request(h, path, method: "HEAD", cookie: cookie) )
                let answer = await connection.read(timeout: .seconds(30), until: "\r\n\r\n")
                let more = await connection.read(timeout: .milliseconds(300))
                #expect(answer.text.hasPrefix("HTTP/1.1 200"), "\(path): \(answer.text.prefix(60))")
                #expect(answer.text.hasSuffix("\r\n\r\n") && more.text.isEmpty, "no body after the headers")
            }
        }
    }

    @Test("a coin ID from a form that no rates API could name is answered 400")
    func hostileCoinID() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            let id = try #require(DashboardHarness.pageID(try await h.get("/rates", cookie: cookie).body))
            for coin in ["../../simple/price?ids=bitcoin&x=", "a/../b", "eth\r\nX-Injected: 1", "eth?x=1", "eth#x", "Ethereum", "%2e%2e", ""] {
                let encoded = coin.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let answer = try await h.post("/p/\(id)/do/history", form: "coin=\(encoded)&days=30&csrf=\(h.access.csrfToken)", cookie: cookie)
                #expect(answer.status == 400 && answer.body.contains("is not a coin ID"), "\(coin.debugDescription): \(answer.status)")
            }
            #expect(try await h.post("/p/\(id)/do/history", form: "coin=usd-coin&days=30&csrf=\(h.access.csrfToken)", cookie: cookie).status == 303)
        }
    }

    @Test("a history of 200,000 points draws at most ChartPoints.maximum of them")
    func chartIsBounded() {
        let svg = Chart.svg((0..<200_000).map { 1000 + Double($0 % 977) }).rendered
        let drawn = svg.split(separator: " ").filter { $0.hasPrefix("L") || $0.hasPrefix("d=\"M") }.count
        #expect(drawn == ChartPoints.maximum, "\(drawn) points drawn")
        #expect(svg.utf8.count < 20_000, "\(svg.utf8.count) bytes")
    }

    @Test("Settings shows an RPC URL's user but masks its password, and so does every page's chain line")
    func rpcPasswordMasked() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            _ = try await h.session.services.dispatcher.dispatch(
                AddNetwork(name: "private", rpcURL: "http://alice:hunter2@127.0.0.1:9/rpc", chainID: 7, deployments: nil))
            let page = try await h.get("/settings", cookie: cookie)
            #expect(page.body.contains("http://alice:***@127.0.0.1:9/rpc"))
            #expect(!page.body.contains("hunter2"))
            #expect(CredentialMask.url("https://u:p%40ss@node.example:8545/v3/key?x=1") == "https://u:***@node.example:8545/v3/key?x=1")
            #expect(CredentialMask.url("https://node.example/path@x:y") == "https://node.example/path@x:y", "an @ after the host is no user info")
        }
    }

    @Test("a new key's phrase is shown on one page load: a reload shows it only after the key's password")
    func phraseShownOnce() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            let id = try #require(DashboardHarness.pageID(try await h.get("/onboarding", cookie: cookie).body))
            let csrf = "&csrf=\(h.access.csrfToken)"
            let created = try await h.post("/p/\(id)/do/create", form: "name=carol&words=12&password=pw\(csrf)", cookie: cookie)
            #expect(created.status == 303 && created.headers["location"] == ["/p/\(id)"])
            try await h.settled(id, cookie: cookie)
            let first = try await h.get("/p/\(id)", cookie: cookie).body
            #expect(first.contains("id=\"phrase\"") && first.contains("12. "))
            let reload = try await h.get("/p/\(id)", cookie: cookie).body
            #expect(!reload.contains("id=\"phrase\"") && reload.contains("id=\"phrase-sealed\""), "a reload does not show the phrase")
            #expect(!(try await h.get("/p/\(id)/main", cookie: cookie).body.contains("id=\"phrase\"")), "nor does a live update")
            _ = try await h.post("/p/\(id)/do/reveal", form: "password=guess\(csrf)", cookie: cookie)
            try await h.settled(id, cookie: cookie)
            let refused = try await h.get("/p/\(id)", cookie: cookie).body
            #expect(!refused.contains("id=\"phrase\"") && refused.contains("class=\"error\""), "a wrong password shows nothing")
            _ = try await h.post("/p/\(id)/do/reveal", form: "password=pw\(csrf)", cookie: cookie)
            try await h.settled(id, cookie: cookie)
            let again = try await h.get("/p/\(id)", cookie: cookie).body
            #expect(again.contains("id=\"phrase\""), "the password shows it once more")
            #expect(!(try await h.get("/p/\(id)", cookie: cookie).body.contains("id=\"phrase\"")), "and then no more")
        }
    }
}
