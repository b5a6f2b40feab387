import Foundation
import Networking
import NetworkingTesting
import Services
import Storage
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

    static let freshRate = Rate(coin: "ethereum", fiat: "usd", price: "3012.75", time: Date(timeIntervalSince1970: 1_763_700_000), stale: true)

    /// Answers that are JSON of the right shape but hold a price or time no coin can have.
    static let impossiblePrices = [
        #"{"ethereum":{"usd":1e400,"last_updated_at":1763800000}}"#, #"{"ethereum":{"usd":-5,"last_updated_at":1763800000}}"#,
        #"{"ethereum":{"usd":0,"last_updated_at":1763800000}}"#, #"{"ethereum":{"usd":1e16,"last_updated_at":1763800000}}"#,
        #"{"ethereum":{"usd":3100,"last_updated_at":-1}}"#, #"{"ethereum":{"usd":3100,"last_updated_at":1e400}}"#,
        #"{"ethereum":{"usd":NaN,"last_updated_at":1763800000}}"#,
    ]
    static let impossibleHistories = [
        #"{"prices":[[1763500000000,2999.9],[1763600000000,1e400]]}"#, #"{"prices":[[1763500000000,-5]]}"#,
        #"{"prices":[[1763500000000,0]]}"#, #"{"prices":[[-1000,2999.9]]}"#, #"{"prices":[[1e400,2999.9]]}"#,
        #"{"prices":[[1e30,2999.9]]}"#,
    ]

    @Test("an impossible price or time is another shape: the cached rate comes back stale, and nothing of it is cached")
    func impossiblePricesFallBack() async throws {
        // Given a cached fresh rate
        let mock = Self.api()
        let (services, home) = try services(mock)
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await services.dispatcher.dispatch(FetchRates(coins: ["ethereum"], fiat: "usd", source: Self.source))
        for body in Self.impossiblePrices {
            // When the API answers with an impossible value
            mock.respond(status: 200, body: body)
            let result = try await services.dispatcher.dispatch(FetchRates(coins: ["ethereum"], fiat: "usd", source: Self.source))
            // Then the last known rate is shown stale with a warning, and the cache still holds it
            #expect(result.rates == [Self.freshRate], "\(body)")
            #expect(result.warning?.contains("last known") == true, "\(body)")
            mock.clearFaults()
            mock.fail(with: .unreachable("offline"))
            #expect(try await services.dispatcher.dispatch(CachedRateQuery(coin: "ethereum", fiat: "usd")) == Self.freshRate, "\(body)")
        }
    }

    @Test("with nothing cached, an impossible answer is the one-line error, and still nothing is cached")
    func impossiblePricesNothingCached() async throws {
        for body in Self.impossiblePrices {
            // Given an empty cache and an API answering an impossible price
            let mock = MockNetwork()
            mock.respond(status: 200, body: body)
            let (services, home) = try services(mock)
            defer { try? FileManager.default.removeItem(at: home) }
            // When rates are fetched, then there are none to show
            await #expect(throws: RatesUnavailable.self, "\(body)") {
                _ = try await services.dispatcher.dispatch(FetchRates(coins: ["ethereum"], fiat: "usd", source: Self.source))
            }
            // And the cache stays empty
            #expect(try await services.dispatcher.dispatch(CachedRateQuery(coin: "ethereum", fiat: "usd")) == nil, "\(body)")
        }
    }

    @Test("an impossible history is another shape: the cached history comes back stale and is not replaced")
    func impossibleHistoryFallsBack() async throws {
        // Given a cached good history
        let mock = Self.api()
        let (services, home) = try services(mock)
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await services.dispatcher.dispatch(FetchRateHistory(coin: "ethereum", fiat: "usd", days: 30, source: Self.source))
        for body in Self.impossibleHistories {
            // When the API answers with a history holding an impossible point
            mock.respond(status: 200, body: body)
            let h = try await services.dispatcher.dispatch(FetchRateHistory(coin: "ethereum", fiat: "usd", days: 30, source: Self.source))
            // Then the good history is shown stale, with a warning
            #expect(h.stale && h.points.map(\.price) == ["2999.9", "3001.1"], "\(body)")
            #expect(h.warning?.contains("rates API failed") == true, "\(body)")
            // And offline afterwards the same good history is what the cache holds, and the current rate is the good newest point
            mock.clearFaults()
            mock.fail(with: .unreachable("offline"))
            let offline = try await services.dispatcher.dispatch(FetchRateHistory(coin: "ethereum", fiat: "usd", days: 30, source: Self.source))
            #expect(offline.points.map(\.price) == ["2999.9", "3001.1"], "\(body)")
            #expect(try await services.dispatcher.dispatch(CachedRateQuery(coin: "ethereum", fiat: "usd"))?.price == "3001.1", "\(body)")
        }
    }

    @Test("with nothing cached, an impossible history is the one-line error and nothing is cached")
    func impossibleHistoryNothingCached() async throws {
        for body in Self.impossibleHistories {
            // Given an empty cache and an API answering an impossible history
            let mock = MockNetwork()
            mock.respond(status: 200, body: body)
            let (services, home) = try services(mock)
            defer { try? FileManager.default.removeItem(at: home) }
            // When the history is fetched, then there is none
            await #expect(throws: RatesUnavailable.self, "\(body)") {
                _ = try await services.dispatcher.dispatch(FetchRateHistory(coin: "ethereum", fiat: "usd", days: 30, source: Self.source))
            }
            // And neither a history nor a current rate was cached from it
            mock.fail(with: .unreachable("offline"))
            await #expect(throws: RatesUnavailable.self, "\(body)") {
                _ = try await services.dispatcher.dispatch(FetchRateHistory(coin: "ethereum", fiat: "usd", days: 30, source: Self.source))
            }
            #expect(try await services.dispatcher.dispatch(CachedRateQuery(coin: "ethereum", fiat: "usd")) == nil, "\(body)")
        }
    }

    @Test("impossible rows an older version cached are treated as not cached: never shown, never a crash",
          arguments: ["1e400", "-5", "0", "1e16", "NaN", "inf", "0x10", "abc"])
    func poisonedCacheIsIgnored(price: String) async throws {
        // Given a cache written by an older version, holding an impossible current rate and history point
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-rates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let storage = RateStorage(database: try AppDatabase.open(home: BifrostHome(url: url)))
        let time = Date(timeIntervalSince1970: 1_763_600_000)
        try await storage.save([CachedRate(coin: "ethereum", fiat: "usd", price: price, time: time)])
        try await storage.save(CachedRateHistory(coin: "ethereum", fiat: "usd", days: 30, points: [
            CachedRate(coin: "ethereum", fiat: "usd", price: "2999.9", time: Date(timeIntervalSince1970: 1_763_500_000)),
            CachedRate(coin: "ethereum", fiat: "usd", price: price, time: time),
        ], fetchedAt: time))
        let services = try AppServices.open(home: BifrostHome(url: url), http: MockNetwork.failing(with: .unreachable("offline")))
        // When the cache is read offline, then it is as if nothing were cached
        #expect(try await services.dispatcher.dispatch(CachedRateQuery(coin: "ethereum", fiat: "usd")) == nil)
        await #expect(throws: RatesUnavailable.self) {
            _ = try await services.dispatcher.dispatch(FetchRates(coins: ["ethereum"], fiat: "usd", source: Self.source))
        }
        await #expect(throws: RatesUnavailable.self) {
            _ = try await services.dispatcher.dispatch(FetchRateHistory(coin: "ethereum", fiat: "usd", days: 30, source: Self.source))
        }
    }

    @Test("a cached rate whose time an older version wrote as infinity reads as none, not as an error")
    func unreadableCachedTime() async throws {
        // Given an older version's rate row with the time of `last_updated_at: 1e400`
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-rates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let storage = RateStorage(database: try AppDatabase.open(home: BifrostHome(url: url)))
        try await storage.save([CachedRate(coin: "ethereum", fiat: "usd", price: "3100", time: Date(timeIntervalSince1970: .infinity))])
        let services = try AppServices.open(home: BifrostHome(url: url), http: MockNetwork.failing(with: .unreachable("offline")))
        // When the cache is read, then there is no rate and no storage error
        #expect(try await services.dispatcher.dispatch(CachedRateQuery(coin: "ethereum", fiat: "usd")) == nil)
        await #expect(throws: RatesUnavailable.self) {
            _ = try await services.dispatcher.dispatch(FetchRates(coins: ["ethereum"], fiat: "usd", source: Self.source))
        }
    }

    @Test("a good answer replaces an impossible cached rate even when the bad row claims to be newer")
    func goodAnswerHealsPoisonedCache() async throws {
        // Given an older version's cached -5 dated after every point of the coming history
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-rates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let storage = RateStorage(database: try AppDatabase.open(home: BifrostHome(url: url)))
        try await storage.save([CachedRate(coin: "ethereum", fiat: "usd", price: "-5", time: Date(timeIntervalSince1970: 1_763_900_000))])
        let mock = Self.api()
        let services = try AppServices.open(home: BifrostHome(url: url), http: mock)
        // When a good history is fetched
        _ = try await services.dispatcher.dispatch(FetchRateHistory(coin: "ethereum", fiat: "usd", days: 30, source: Self.source))
        // Then its newest point becomes the current rate
        #expect(try await services.dispatcher.dispatch(CachedRateQuery(coin: "ethereum", fiat: "usd"))?.price == "3001.1")
    }
}
