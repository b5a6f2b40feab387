import Foundation
import Networking
import Services
import Testing

@Suite("Rates: cached with their time, stale when the API fails")
struct RatesStoreTests {
    static let source = RatesSource(url: URL(string: "https://rates.example/api/v3")!)

    /// A CoinGecko-shaped API: ethereum at 3012.75 USD, and a two-point history.
    static func api() -> MockNetwork {
        let mock = MockNetwork()
        mock.register(path: "/api/v3/simple/price", body: Array(#"{"ethereum":{"usd":3012.75,"last_updated_at":1763700000}}"#.utf8))
        mock.register(path: "/api/v3/coins/ethereum/market_chart",
                      body: Array(#"{"prices":[[1763500000000,2999.9],[1763600000000,3001.1]]}"#.utf8))
        return mock
    }

    func services(_ mock: MockNetwork) throws -> (AppServices, URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-rates-\(UUID().uuidString)")
        return (try AppServices.open(home: BifrostHome(url: home), http: mock), home)
    }

    @Test("a fresh answer is cached; when the API then fails in any way, the cached rate comes back stale with a warning")
    func staleFallback() async throws {
        let mock = Self.api()
        let (services, home) = try services(mock)
        defer { try? FileManager.default.removeItem(at: home) }
        let fresh = try await services.dispatcher.dispatch(FetchRates(coins: ["ethereum"], fiat: "usd", source: Self.source))
        #expect(fresh.rates.map(\.stale) == [false] && fresh.warning == nil)
        for failure in [{ mock.fail(with: .unreachable("offline")) }, { mock.respond(status: 500, body: "oops") },
                        { mock.respond(status: 200, body: #"{"ethereum":{}}"#) }] {
            mock.clearFaults()
            failure()
            let stale = try await services.dispatcher.dispatch(FetchRates(coins: ["ethereum"], fiat: "usd", source: Self.source))
            #expect(stale.rates == [Rate(coin: "ethereum", fiat: "usd", price: "3012.75", time: Date(timeIntervalSince1970: 1_763_700_000), stale: true)])
            #expect(stale.warning?.contains("last known") == true)
        }
        let cached = try await services.dispatcher.dispatch(CachedRateQuery(coin: "ethereum", fiat: "usd"))
        #expect(cached?.price == "3012.75")
    }

    @Test("with nothing cached, a failing API is a one-line error")
    func nothingCached() async throws {
        let mock = MockNetwork.failing(with: .httpStatus(502, body: "bad gateway"))
        let (services, home) = try services(mock)
        defer { try? FileManager.default.removeItem(at: home) }
        await #expect(throws: RatesUnavailable.self) {
            _ = try await services.dispatcher.dispatch(FetchRates(coins: ["bitcoin"], fiat: "usd", source: Self.source))
        }
        await #expect(throws: RatesUnavailable.self) {
            _ = try await services.dispatcher.dispatch(FetchRateHistory(coin: "bitcoin", fiat: "usd", days: 7, source: Self.source))
        }
    }

    @Test("a history is cached too, and its newest point never replaces a fresher current rate")
    func historyCache() async throws {
        let mock = Self.api()
        let (services, home) = try services(mock)
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await services.dispatcher.dispatch(FetchRates(coins: ["ethereum"], fiat: "usd", source: Self.source))
        let h = try await services.dispatcher.dispatch(FetchRateHistory(coin: "ethereum", fiat: "usd", days: 30, source: Self.source))
        #expect(h.points.count == 2 && !h.stale)
        #expect(try await services.dispatcher.dispatch(CachedRateQuery(coin: "ethereum", fiat: "usd"))?.price == "3012.75")
        mock.fail(with: .timeout(seconds: 5))
        let stale = try await services.dispatcher.dispatch(FetchRateHistory(coin: "ethereum", fiat: "usd", days: 30, source: Self.source))
        #expect(stale.stale && stale.points.map(\.price) == ["2999.9", "3001.1"])
    }
}
