import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("Rates API (CoinGecko v3 shape)")
struct RatesRemoteTests {
    static let base = URL(string: "https://rates.example/api/v3")!

    static func mock(prices: String? = nil, chart: String? = nil) -> MockNetwork {
        let mock = MockNetwork()
        mock.register(path: "/api/v3/simple/price", body: Array((prices ?? #"{"bitcoin":{"usd":91234.5,"last_updated_at":1763700000},"ethereum":{"usd":3012.75,"last_updated_at":1763700000}}"#).utf8))
        mock.register(path: "/api/v3/coins/ethereum/market_chart", body: Array((chart ?? #"{"prices":[[1763600000000,3001.1],[1763500000000,2999.9]],"market_caps":[],"total_volumes":[]}"#).utf8))
        return mock
    }

    @Test("simple/price: exact price text, update time, sorted query, API key header")
    func prices() async throws {
        let mock = Self.mock()
        let rates = try await RatesRemote(network: mock, baseURL: Self.base, apiKey: "k").prices(coins: ["bitcoin", "ethereum"], fiat: "usd")
        #expect(rates.map(\.price) == ["91234.5", "3012.75"])
        #expect(rates[0].time == Date(timeIntervalSince1970: 1_763_700_000))
        #expect(mock.requests[0].url.absoluteString
            == "https://rates.example/api/v3/simple/price?ids=bitcoin%2Cethereum&include_last_updated_at=true&vs_currencies=usd")
        #expect(mock.requests[0].headers["x-cg-demo-api-key"] == "k")
    }

    @Test("market_chart: points oldest first with exact prices")
    func history() async throws {
        let h = try await RatesRemote(network: Self.mock(), baseURL: Self.base).history(coin: "ethereum", fiat: "usd", days: 30)
        #expect(h.points.map(\.price) == ["2999.9", "3001.1"])
        #expect(h.points[0].time == Date(timeIntervalSince1970: 1_763_500_000))
    }

    @Test("wrong shapes are typed errors naming what is missing")
    func wrongShapes() async {
        let remote = RatesRemote(network: Self.mock(prices: #"{"bitcoin":{"eur":1}}"#, chart: #"{"prices":[[1,"x"]]}"#), baseURL: Self.base)
        await #expect(throws: NetworkError.invalidResponse("the rates API has no usd price for 'bitcoin'")) {
            _ = try await remote.prices(coins: ["bitcoin"], fiat: "usd")
        }
        await #expect(throws: NetworkError.invalidResponse("the rates API's history holds an entry that is not [time, price]")) {
            _ = try await remote.history(coin: "ethereum", fiat: "usd", days: 1)
        }
        let list = RatesRemote(network: Self.mock(prices: "[]"), baseURL: Self.base)
        await #expect(throws: NetworkError.self) { _ = try await list.prices(coins: ["bitcoin"], fiat: "usd") }
    }
}
