import AppCore
@testable import BifrostDashboard
import Foundation
import Testing
import TestSupport

/// A form answers at once, however long its work: the page says it is working, and its live
/// stream renders the result and says where to go once the work is done with the page.
@Suite("Dashboard: forms answer at once")
struct LiveFormTests {
    /// Page `id`'s live stream, `since` the revision given, once its first line arrived.
    final class Stream {
        let connection: RawConnection
        /// Everything the stream sent so far.
        private(set) var received = ""

        init(_ h: DashboardHarness, _ id: String, since: Int? = nil, cookie: String) async throws {
            connection = try RawConnection(port: h.port)
            try connection.send(HostileClientTests.request(h, "/live/\(id)" + (since.map { "?since=\($0)" } ?? ""), cookie: cookie))
            received = await connection.read(timeout: .seconds(30), until: ": live").text
            #expect(received.contains(": live"))
        }

        /// Everything the stream sent once `text` arrived, or 30 seconds passed.
        func read(until text: String) async -> String {
            let deadline = ContinuousClock.now + .seconds(30)
            while !received.contains(text), ContinuousClock.now < deadline {
                let part = await connection.read(timeout: .milliseconds(500), until: text)
                received += part.text
                if part.closed { break }
            }
            return received
        }

        /// Everything the stream sent, after waiting `duration` for more.
        func read(for duration: Duration) async -> String {
            received += await connection.read(timeout: duration).text
            return received
        }

        func close() { connection.close() }
    }

    /// Page `id`'s revision now.
    @MainActor
    static func revision(_ h: DashboardHarness, _ id: String) -> Int? { h.app.pages.page(id)?.revision }

    @Test("a form whose work waits on a slow node answers at once; the page says it is working, and its stream renders where the work ended")
    func answersAtOnce() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            let home = try await h.get("/safes/\(DashboardHarness.safeAddress.checksummed)", cookie: cookie)
            let id = try #require(DashboardHarness.pageID(home.body))
            #expect(!home.body.contains("id=\"working\""))
            let stream = try await Stream(h, id, cookie: cookie)
            h.node.latency = .seconds(3)
            let started = ContinuousClock.now
            let posted = try await h.post("/p/\(id)/do/refresh", form: "csrf=\(h.access.csrfToken)", cookie: cookie)
            let answered = ContinuousClock.now - started
            #expect(posted.status == 303 && posted.headers["location"] == ["/p/\(id)"])
            #expect(answered < .milliseconds(2500), "answered after \(answered), not before the node did")
            let during = try await h.get("/p/\(id)", cookie: cookie).body
            #expect(during.contains("id=\"working\"") && during.contains("role=\"status\">Working…"), "the page says it is working")
            try await h.settled(id, cookie: cookie)
            h.node.latency = nil
            let revision = try #require(await Self.revision(h, id))
            let events = await stream.read(until: "event: render\ndata: \(revision)\n")
            #expect(events.contains("event: render\ndata: \(revision)\n"), "the stream told the last revision: \(events.debugDescription)")
            #expect(!(try await h.get("/p/\(id)", cookie: cookie).body.contains("id=\"working\"")))
            stream.close()
        }
    }

    @Test("a stream that connects behind the page's revision renders at once; one that is level waits")
    func catchesUp() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            let page = try await h.get("/settings", cookie: cookie)
            let id = try #require(DashboardHarness.pageID(page.body))
            let shown = try #require(page.body.firstMatch(of: /data-revision="([0-9]+)"/).map { Int($0.1) } ?? nil)
            let level = try await Stream(h, id, since: shown, cookie: cookie)
            #expect(!(await level.read(for: .milliseconds(500)).contains("event:")), "nothing to catch up on")
            _ = try await h.post("/p/\(id)/do/use-network", form: "name=nowhere&csrf=\(h.access.csrfToken)", cookie: cookie)
            try await h.settled(id, cookie: cookie)
            let revision = try #require(await Self.revision(h, id))
            #expect(revision > shown)
            let behind = try await Stream(h, id, since: shown, cookie: cookie)
            let caught = await behind.read(until: "data: \(revision)\n")
            #expect(caught.contains("event: render\ndata: \(revision)\n"), "\(caught.debugDescription)")
            level.close()
            behind.close()
        }
    }

    @Test("once the work is done with the page, its stream says where to go, once; a page loaded after that goes there itself, once")
    func leavesOnce() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            let csrf = "&csrf=\(h.access.csrfToken)"
            let watched = try #require(DashboardHarness.pageID(try await h.get("/onboarding", cookie: cookie).body))
            let stream = try await Stream(h, watched, cookie: cookie)
            let bob = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
            let posted = try await h.post("/p/\(watched)/do/import", form: "name=bob&kind=private-key&private_key=\(bob)&password=pw\(csrf)", cookie: cookie)
            #expect(posted.status == 303 && posted.headers["location"] == ["/p/\(watched)"])
            let events = await stream.read(until: "event: leave\ndata: /\n")
            #expect(events.contains("event: leave\ndata: /\n\n"), "\(events.debugDescription)")
            #expect(try await h.get("/p/\(watched)", cookie: cookie).status == 200, "the page was left once; it shows again")
            stream.close()

            // No stream open: the page's next load goes there instead, and only that one.
            let unwatched = try #require(DashboardHarness.pageID(try await h.get("/onboarding", cookie: cookie).body))
            let carol = "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"
            _ = try await h.post("/p/\(unwatched)/do/import", form: "name=carol&kind=private-key&private_key=\(carol)&password=pw\(csrf)", cookie: cookie)
            try await h.settled(unwatched, cookie: cookie)
            let first = try await h.get("/p/\(unwatched)", cookie: cookie)
            #expect(first.status == 303 && first.headers["location"] == ["/"])
            #expect(try await h.get("/p/\(unwatched)", cookie: cookie).status == 200)
        }
    }
}
