import Foundation
import Networking
import Services
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
        await ServiceEnvironment.$network.withValue(mock) {
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
}
