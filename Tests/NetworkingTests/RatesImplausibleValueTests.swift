import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import Testing

/// Hostile or broken rates servers: numbers that parse as JSON but cannot be a price or a time.
@Suite("Rates API: impossible prices and times are refused where they enter")
struct RatesImplausibleValueTests {
    static let base = URL(string: "https://rates.example/api/v3")!

    static func remote(prices: String = #"{"ethereum":{"usd":3012.75,"last_updated_at":1763700000}}"#,
                       chart: String = #"{"prices":[[1763500000000,2999.9]]}"#) -> RatesRemote {
        let mock = MockNetwork()
        mock.register(path: "/api/v3/simple/price", body: Array(prices.utf8))
        mock.register(path: "/api/v3/coins/ethereum/market_chart", body: Array(chart.utf8))
        return RatesRemote(network: mock, baseURL: base)
    }

    @Test("simple/price: an overflowing, negative, zero, absurd or endless price is a typed error naming the coin and the value",
          arguments: [("1e400", "1e400"), ("-5", "-5"), ("0", "0"), ("-0", "-0"), ("0.0", "0.0"), ("1e-400", "1e-400"),
                      ("1000000000000001", "1000000000000001"), ("1e16", "1e16"),
                      (String(repeating: "9", count: 5000), String(repeating: "9", count: 32) + "…")])
    func impossiblePrice(text: String, shown: String) async {
        // Given a server answering a number no coin can cost
        let remote = Self.remote(prices: #"{"ethereum":{"usd":\#(text),"last_updated_at":1763700000}}"#)
        // When the prices are fetched, then the answer is refused with what was wrong in it
        await #expect(throws: ImplausibleRate(coin: "ethereum", fiat: "usd", field: .price, value: shown)) {
            _ = try await remote.prices(coins: ["ethereum"], fiat: "usd")
        }
    }

    @Test("simple/price: a negative, overflowing or far-future update time is a typed error",
          arguments: ["-1", "0", "1e400", "9e18", "4102444800"])
    func impossibleUpdateTime(text: String) async {
        // Given a plausible price with an impossible time
        let remote = Self.remote(prices: #"{"ethereum":{"usd":3012.75,"last_updated_at":\#(text)}}"#)
        // When fetched, then refused, naming the time
        await #expect(throws: ImplausibleRate(coin: "ethereum", fiat: "usd", field: .time, value: text)) {
            _ = try await remote.prices(coins: ["ethereum"], fiat: "usd")
        }
    }

    @Test("market_chart: one impossible price or time among good points refuses the whole history",
          arguments: [("[1763500000000,2999.9],[1763600000000,1e400]", ImplausibleRate.Field.price, "1e400"),
                      ("[1763500000000,-5],[1763600000000,3001.1]", .price, "-5"),
                      ("[1763500000000,2999.9],[1763600000000,0]", .price, "0"),
                      ("[-1000,2999.9]", .time, "-1000"),
                      ("[1e400,2999.9]", .time, "1e400"),
                      ("[1e30,2999.9]", .time, "1e30")])
    func impossibleHistory(points: String, field: ImplausibleRate.Field, shown: String) async {
        // Given a history with one point that cannot be true
        let remote = Self.remote(chart: #"{"prices":[\#(points)]}"#)
        // When fetched, then nothing of it comes back
        await #expect(throws: ImplausibleRate(coin: "ethereum", fiat: "usd", field: field, value: shown)) {
            _ = try await remote.history(coin: "ethereum", fiat: "usd", days: 7)
        }
    }

    @Test("NaN and Infinity are not JSON: the existing wrong-shape error")
    func notJSONNumbers() async {
        // Given servers writing NaN or Infinity where a number belongs
        for body in [#"{"ethereum":{"usd":NaN}}"#, #"{"ethereum":{"usd":Infinity}}"#, #"{"ethereum":{"usd":"NaN"}}"#] {
            // When fetched, then the answer is refused as another shape
            await #expect(throws: NetworkError.self) {
                _ = try await Self.remote(prices: body).prices(coins: ["ethereum"], fiat: "usd")
            }
        }
    }

    @Test("the bounds themselves are accepted: the smallest positive price, 1e15, and times up to the last second before 2100")
    func edges() async throws {
        // Given prices and times right at the documented bounds
        let remote = Self.remote(prices: #"{"a":{"usd":1e-300,"last_updated_at":1},"b":{"usd":1e15,"last_updated_at":4102444799}}"#)
        // When fetched, then both are kept exactly as the API wrote them
        let rates = try await remote.prices(coins: ["a", "b"], fiat: "usd")
        #expect(rates.map(\.price) == ["1e-300", "1e15"])
        #expect(rates.map(\.time) == [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 4_102_444_799)])
    }

    @Test("the error reads as one line with the bound, and names no CLI flag")
    func message() {
        // Given an impossible price
        let error = ImplausibleRate(coin: "ethereum", fiat: "usd", field: .price, value: "1e400")
        // Then its text says what and why, without `--` options
        #expect(error.description == "the rates API gave an impossible usd price for 'ethereum': 1e400 (a price must be above 0 and at most 1e15)")
        #expect(!error.description.contains("--") && !error.description.contains("\n"))
    }
}
