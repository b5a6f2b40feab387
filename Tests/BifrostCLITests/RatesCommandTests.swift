import Foundation
import Networking
import NetworkingTesting
import Services
import Storage
import Testing

@Suite("bifrost rates", .serialized)
struct RatesCommandTests {
    static func api() -> MockNetwork {
        let mock = MockNetwork()
        mock.register(path: "/api/v3/simple/price",
                      body: Array(#"{"bitcoin":{"usd":91234.5,"last_updated_at":1763700000},"ethereum":{"usd":3012.75,"last_updated_at":1763700000}}"#.utf8))
        mock.register(path: "/api/v3/coins/ethereum/market_chart",
                      body: Array(#"{"prices":[[1763500000000,2999.9],[1763550000000,3050],[1763600000000,3001.1]]}"#.utf8))
        return mock
    }

    func run(_ mock: MockNetwork, _ args: [String], home: String) async -> CLIResult {
        await ProcessDefaults.$network.withValue(mock) {
            await withArguments(args + ["--home", home, "--rates-url", "https://rates.example/api/v3"])
        }
    }

    @Test("rates --json gives coin, fiat, exact price, time and stale for each coin")
    func json() async {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-rates-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let r = await run(Self.api(), ["rates", "--json"], home: home)
        #expect(r.code == 0)
        #expect(r.stdout == #"{"rates":[{"coin":"bitcoin","fiat":"usd","price":91234.5,"time":"2025-11-21T04:40:00Z","stale":false},{"coin":"ethereum","fiat":"usd","price":3012.75,"time":"2025-11-21T04:40:00Z","stale":false}]}"#)
    }

    @Test("against a broken API: the cached rate is shown stale with a warning and exit 0; with no cache, one line and exit 1")
    func brokenAPI() async {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-rates-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let mock = Self.api()
        _ = await run(mock, ["rates", "--coins", "ethereum"], home: home)
        for broken in [{ mock.fail(with: .unreachable("connection refused")) }, { mock.respond(status: 503, body: "down") },
                       { mock.respond(status: 200, body: "<html>not json</html>") }, { mock.respond(status: 200, body: #"{"ethereum":{"usd":"a lot"}}"#) }] {
            mock.clearFaults()
            broken()
            let r = await run(mock, ["rates", "--coins", "ethereum", "--json"], home: home)
            #expect(r.code == 0)
            #expect(r.stdout.contains(#""stale":true"#) && r.stdout.contains("3012.75"))
            #expect(r.err.count == 1 && r.err[0].hasPrefix("warning:"))
        }
        let none = await run(MockNetwork.failing(with: .unreachable("connection refused")), ["rates", "--coins", "solana"], home: home)
        #expect(none.code == 1 && none.err.count == 1 && none.err[0].contains("none are cached"))
    }

    @Test("rates history --json lists the points; without --json it draws a chart")
    func history() async {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-rates-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let json = await run(Self.api(), ["rates", "history", "ethereum", "--days", "7", "--json"], home: home)
        #expect(json.stdout == #"{"coin":"ethereum","fiat":"usd","stale":false,"points":[{"time":"2025-11-18T21:06:40Z","price":2999.9},{"time":"2025-11-19T11:00:00Z","price":3050},{"time":"2025-11-20T00:53:20Z","price":3001.1}]}"#)
        let chart = await run(Self.api(), ["rates", "history", "ethereum", "--days", "7"], home: home)
        #expect(chart.code == 0 && chart.out.first == "ethereum in USD, last 7 days" && chart.stdout.contains("█"))
    }

    static func temporaryHome() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-rates-\(UUID().uuidString)").path
    }

    @Test("rates history against a server answering 1e400, -5 or 0: the cached history is drawn stale with exit 0, and the bad answer is not cached",
          arguments: ["1e400", "-5", "0"])
    func hostileHistoryWithCache(price: String) async {
        // Given a cached good history
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let mock = Self.api()
        #expect(await run(mock, ["rates", "history", "ethereum", "--days", "7"], home: home).code == 0)
        // When the server answers a history holding an impossible price
        mock.respond(status: 200, body: #"{"prices":[[1763500000000,2999.9],[1763600000000,\#(price)]]}"#)
        let chart = await run(mock, ["rates", "history", "ethereum", "--days", "7"], home: home)
        // Then the good history is drawn stale, with one warning line, and exit 0
        #expect(chart.code == 0)
        #expect(chart.out.first == "ethereum in USD, last 7 days (stale)")
        #expect(chart.stdout.contains("USD  low 3000  high 3050"))
        #expect(chart.err.count == 1 && chart.err[0].hasPrefix("warning:") && chart.err[0].contains("'ethereum': \(price) "))
        // And offline afterwards the cache still gives the good points only
        mock.clearFaults()
        mock.fail(with: .unreachable("connection refused"))
        let offline = await run(mock, ["rates", "history", "ethereum", "--days", "7", "--json"], home: home)
        #expect(offline.code == 0)
        #expect(offline.stdout == #"{"coin":"ethereum","fiat":"usd","stale":true,"points":[{"time":"2025-11-18T21:06:40Z","price":2999.9},{"time":"2025-11-19T11:00:00Z","price":3050},{"time":"2025-11-20T00:53:20Z","price":3001.1}]}"#)
    }

    @Test("rates history against a server answering 1e400 with nothing cached: one line and exit 1, then the same offline (no crash)")
    func hostileHistoryNothingCached() async {
        // Given an empty home and a server answering an overflowing price
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let mock = MockNetwork()
        mock.respond(status: 200, body: #"{"prices":[[1763500000000,2999.9],[1763600000000,1e400]]}"#)
        // When the history is asked for, then it is a one-line error
        let first = await run(mock, ["rates", "history", "ethereum", "--days", "7"], home: home)
        #expect(first.code == 1 && first.out.isEmpty)
        #expect(first.err.count == 1 && first.err[0].hasPrefix("error: ") && first.err[0].contains("none are cached"))
        // And nothing was cached: offline it is the same error, not a crash
        let offline = await run(MockNetwork.failing(with: .unreachable("connection refused")), ["rates", "history", "ethereum", "--days", "7"], home: home)
        #expect(offline.code == 1 && offline.err.count == 1 && offline.err[0].contains("none are cached"))
    }

    @Test("rates against a server answering -5 or 1e400: the cached price stale with exit 0; with nothing cached, exit 1",
          arguments: ["-5", "1e400", "0"])
    func hostilePrice(price: String) async {
        // Given a cached ethereum price
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let mock = Self.api()
        _ = await run(mock, ["rates", "--coins", "ethereum"], home: home)
        // When the server answers an impossible price
        mock.respond(status: 200, body: #"{"ethereum":{"usd":\#(price),"last_updated_at":1763800000}}"#)
        let r = await run(mock, ["rates", "--coins", "ethereum", "--json"], home: home)
        // Then the cached price is shown stale, never the impossible one
        #expect(r.code == 0)
        #expect(r.stdout == #"{"rates":[{"coin":"ethereum","fiat":"usd","price":3012.75,"time":"2025-11-21T04:40:00Z","stale":true}]}"#)
        #expect(r.err.count == 1 && r.err[0].hasPrefix("warning:"))
        // And with nothing cached for the coin asked, one line and exit 1
        let fresh = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        let none = await run(mock, ["rates", "--coins", "ethereum"], home: fresh)
        #expect(none.code == 1 && none.out.isEmpty && none.err.count == 1 && none.err[0].contains("none are cached"))
    }

    @Test("a cache an older version filled with 1e400 or -5 is not shown and does not crash rates history",
          arguments: ["1e400", "-5"])
    func poisonedCache(price: String) async throws {
        // Given a home whose cache holds an impossible history point and current rate
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let storage = RateStorage(database: try AppDatabase.open(home: BifrostHome(url: URL(fileURLWithPath: home))))
        let time = Date(timeIntervalSince1970: 1_763_600_000)
        try await storage.save([CachedRate(coin: "ethereum", fiat: "usd", price: price, time: time)])
        try await storage.save(CachedRateHistory(coin: "ethereum", fiat: "usd", days: 7, points: [
            CachedRate(coin: "ethereum", fiat: "usd", price: "2999.9", time: Date(timeIntervalSince1970: 1_763_500_000)),
            CachedRate(coin: "ethereum", fiat: "usd", price: price, time: time),
        ], fetchedAt: time))
        let offline = MockNetwork.failing(with: .unreachable("connection refused"))
        // When history and rates are asked for offline
        let chart = await run(offline, ["rates", "history", "ethereum", "--days", "7"], home: home)
        let rates = await run(offline, ["rates", "--coins", "ethereum", "--json"], home: home)
        // Then both say nothing is cached, on one line, with exit 1
        #expect(chart.code == 1 && chart.out.isEmpty && chart.err.count == 1 && chart.err[0].contains("none are cached"))
        #expect(rates.code == 1 && rates.out.isEmpty && rates.err.count == 1 && rates.err[0].contains("none are cached"))
    }

    @Test("a server's error text with terminal escapes is printed escaped, on one line, as an error and as a warning")
    func escapedServerText() async {
        // Given a server whose error page holds a colour escape, a bell, DEL and a C1 control
        let hostile = "\u{1b}[31mpwned\u{07}\u{7f}\u{9b}2J"
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        // When nothing is cached, then the error line shows each control as a visible escape
        let error = await run(MockNetwork.failing(with: .httpStatus(500, body: hostile)), ["rates", "--coins", "ethereum"], home: home)
        #expect(error.code == 1 && error.err.count == 1)
        #expect(error.err[0] == "error: no rates: the server answered HTTP 500: [U+001B][31mpwned[U+0007][U+007F][U+009B]2J, and none are cached yet")
        // And with a cached rate, the warning line is escaped the same way
        let mock = Self.api()
        _ = await run(mock, ["rates", "--coins", "ethereum"], home: home)
        mock.fail(with: .rpc(code: -32000, message: "\u{1b}]0;title\u{07}line\nbreak", data: nil))
        let warning = await run(mock, ["rates", "--coins", "ethereum"], home: home)
        #expect(warning.code == 0 && warning.err.count == 1)
        #expect(warning.err[0].contains("[U+001B]]0;title[U+0007]line break"))
        #expect(!warning.err[0].unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) })
    }
}
