import Foundation
import Networking
import NetworkingTesting
import Synchronization
import Testing

/// A coin ID is one path segment of the rates API, whatever a page or a command line gives: a
/// recording rates server on 127.0.0.1 sees every request that leaves.
@Suite("Rates: coin IDs stay one path segment", .timeLimit(.minutes(2)))
struct RatesCoinIDTests {
    static let hostile = ["../../simple/price?ids=bitcoin&x=", "a/../b", "..", "eth\r\nX-Injected: 1", "eth\nx", "eth?x=1",
                          "eth#x", "eth%2F..", "Ethereum", "eth coin", "éth", "", String(repeating: "a", count: 101)]

    @Test("hostile IDs are refused before any request; a good one reaches /coins/<id>/market_chart and nothing else is ever asked")
    func recordingServer() async throws {
        let seen = Mutex<[String]>([])
        let server = try await TestHTTPServer { _, uri, _ in
            seen.withLock { $0.append(uri) }
            return .respond(status: 200, body: #"{"prices":[[1763500000000,2999.9],[1763550000000,3050]],"ethereum":{"usd":3000}}"#)
        }
        let network = LiveNetwork()
        let remote = RatesRemote(network: network, baseURL: URL(string: server.url + "/api/v3")!)
        for coin in Self.hostile {
            await #expect(throws: InvalidCoinID.self, "\(coin.debugDescription)") { try await remote.history(coin: coin, fiat: "usd", days: 30) }
            await #expect(throws: InvalidCoinID.self, "\(coin.debugDescription)") { try await remote.prices(coins: ["ethereum", coin], fiat: "usd") }
        }
        _ = try await remote.history(coin: "ethereum", fiat: "usd", days: 30)
        _ = try await remote.history(coin: "usd-coin", fiat: "usd", days: 30)
        let uris = seen.withLock { $0 }
        #expect(uris == ["/api/v3/coins/ethereum/market_chart?days=30&vs_currency=usd", "/api/v3/coins/usd-coin/market_chart?days=30&vs_currency=usd"])
        await network.shutdown()
        await server.stop()
    }

    @Test("the rule: lowercase letters, digits and '-', 1 to 100 characters")
    func rule() {
        for good in ["ethereum", "usd-coin", "0x", "wrapped-bitcoin", String(repeating: "a", count: 100)] { #expect(CoinID.isValid(good), "\(good)") }
        for bad in Self.hostile { #expect(!CoinID.isValid(bad), "\(bad.debugDescription)") }
    }

    @Test("a history with more points than any real one is refused with the count; 10,000 points are taken")
    func historyBound() async throws {
        func answer(_ count: Int) -> [UInt8] {
            let points = (0..<count).map { "[\(1_600_000_000_000 + $0 * 60_000),\(1000 + $0 % 7)]" }.joined(separator: ",")
            return Array(#"{"prices":[\#(points)]}"#.utf8)
        }
        func remote(answering count: Int) -> RatesRemote {
            let mock = MockNetwork()
            mock.register(path: "/api/v3/coins/ethereum/market_chart", body: answer(count))
            return RatesRemote(network: mock, baseURL: URL(string: "https://rates.example/api/v3")!)
        }
        let most = try await remote(answering: RateBounds.maximumHistoryPoints).history(coin: "ethereum", fiat: "usd", days: 30)
        #expect(most.points.count == RateBounds.maximumHistoryPoints)
        do {
            _ = try await remote(answering: 200_000).history(coin: "ethereum", fiat: "usd", days: 30)
            Issue.record("200,000 points were taken")
        } catch let error as NetworkError {
            #expect("\(error)".contains("200000 points, more than any real history"), "\(error)")
        }
    }
}
