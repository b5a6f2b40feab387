import EthereumKit
import Foundation

/// A coin's price in a fiat currency as a rates API reported it; the price keeps the API's exact text.
public struct RemoteRate: Sendable, Equatable {
    public let coin: String
    public let fiat: String
    public let price: String
    /// When the API last updated it, if it said.
    public let time: Date?
}

/// A coin's price history: time and exact price text, oldest first.
public struct RemotePriceHistory: Sendable, Equatable {
    public let coin: String
    public let fiat: String
    public let points: [(time: Date, price: String)]

    public static func == (lhs: RemotePriceHistory, rhs: RemotePriceHistory) -> Bool {
        lhs.coin == rhs.coin && lhs.fiat == rhs.fiat && lhs.points.map(\.time) == rhs.points.map(\.time)
            && lhs.points.map(\.price) == rhs.points.map(\.price)
    }
}

/// A CoinGecko-v3-compatible rates API: `/simple/price` and `/coins/{id}/market_chart`, under any
/// base URL (e.g. `https://api.coingecko.com/api/v3`), with an optional API key header.
public struct RatesRemote: Sendable {
    let rest: RESTClient

    /// A remote for `baseURL`; `apiKey` goes in CoinGecko's `x-cg-demo-api-key` header.
    public init(network: any Network, baseURL: URL, apiKey: String? = nil) {
        rest = RESTClient(network: network, baseURL: baseURL, apiKey: apiKey, apiKeyHeader: "x-cg-demo-api-key")
    }

    /// Current prices of `coins` in `fiat`; every coin asked for must be in the answer. Throws
    /// `InvalidCoinID` before sending anything for a malformed ID, `NetworkError` for a failed
    /// request or another shape, `ImplausibleRate` for an impossible value.
    public func prices(coins: [String], fiat: String) async throws -> [RemoteRate] {
        for coin in coins { try CoinID.check(coin) }
        let json = try await rest.get(path: "simple/price", query: [
            "ids": coins.joined(separator: ","), "vs_currencies": fiat, "include_last_updated_at": "true",
        ])
        return try RatesMapper.prices(json, coins: coins, fiat: fiat)
    }

    /// The price history of `coin` in `fiat` over the last `days` days; throws like `prices`.
    public func history(coin: String, fiat: String, days: Int) async throws -> RemotePriceHistory {
        try CoinID.check(coin)
        // Encoded as one path segment as well, so the URL holds whatever the rule above lets through.
        let json = try await rest.get(path: "coins/\(PercentEncoding.component(coin))/market_chart", query: ["vs_currency": fiat, "days": String(days)])
        return try RatesMapper.history(json, coin: coin, fiat: fiat)
    }
}
