import Foundation
import Networking
import Storage

/// Where rates come from: a CoinGecko-v3-compatible API.
public struct RatesSource: Sendable, Equatable {
    /// CoinGecko's public API.
    public static let defaultURL = URL(string: "https://api.coingecko.com/api/v3")!

    public let url: URL
    public let apiKey: String?

    public init(url: URL = RatesSource.defaultURL, apiKey: String? = nil) {
        self.url = url
        self.apiKey = apiKey
    }
}

/// A price to show: fresh from the API, or the last known one marked stale.
public struct Rate: Sendable, Equatable {
    public let coin: String
    public let fiat: String
    public let price: String
    public let time: Date
    public let stale: Bool

    /// A Rate value.
    public init(coin: String, fiat: String, price: String, time: Date, stale: Bool) {
        self.coin = coin
        self.fiat = fiat
        self.price = price
        self.time = time
        self.stale = stale
    }
}

extension Rate {
    /// `ether × price` in this rate's currency, rounded to cents; nil if either is not a decimal.
    public func value(ofEther ether: String) -> String? {
        let posix = Locale(identifier: "en_US_POSIX")
        guard let amount = Decimal(string: ether, locale: posix), let rate = Decimal(string: price, locale: posix) else { return nil }
        var product = amount * rate, rounded = Decimal()
        NSDecimalRound(&rounded, &product, 2, .plain)
        return NSDecimalNumber(decimal: rounded).stringValue
    }
}

/// Rates, and why they are stale when they are.
public struct RatesResult: Sendable, Equatable {
    public let rates: [Rate]
    /// Set when the API failed and cached rates were used instead.
    public let warning: String?

    /// A RatesResult value.
    public init(rates: [Rate], warning: String?) {
        self.rates = rates
        self.warning = warning
    }
}

/// A price history, and why it is stale when it is.
public struct RateHistoryResult: Sendable, Equatable {
    public let coin: String
    public let fiat: String
    public let points: [(time: Date, price: String)]
    public let stale: Bool
    public let warning: String?

    public static func == (lhs: RateHistoryResult, rhs: RateHistoryResult) -> Bool {
        lhs.coin == rhs.coin && lhs.fiat == rhs.fiat && lhs.stale == rhs.stale && lhs.warning == rhs.warning
            && lhs.points.map(\.time) == rhs.points.map(\.time) && lhs.points.map(\.price) == rhs.points.map(\.price)
    }
}

/// Why no rate can be shown at all.
public struct RatesUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { "no rates: \(reason), and none are cached yet" }
}

/// Current prices of coins in fiat currencies.
public struct FetchRates: RatesAction {
    public let coins: [String]
    public let fiat: String
    public let source: RatesSource
    public init(coins: [String], fiat: String, source: RatesSource) {
        self.coins = coins
        self.fiat = fiat
        self.source = source
    }
    public func perform(on store: RatesStore) async throws -> RatesResult { try await store.fetch(self) }
}

/// A coin's price history.
public struct FetchRateHistory: RatesAction {
    public let coin: String
    public let fiat: String
    public let days: Int
    public let source: RatesSource
    public init(coin: String, fiat: String, days: Int, source: RatesSource) {
        self.coin = coin
        self.fiat = fiat
        self.days = days
        self.source = source
    }
    public func perform(on store: RatesStore) async throws -> RateHistoryResult { try await store.history(self) }
}

/// The last known price, from the cache only: no network, so balances can show fiat values freely.
public struct CachedRateQuery: RatesAction {
    public let coin: String
    public let fiat: String
    public init(coin: String, fiat: String) {
        self.coin = coin
        self.fiat = fiat
    }
    public func perform(on store: RatesStore) async throws -> Rate? {
        try await store.storage.plausibleRate(coin: coin, fiat: fiat).map { Rate(coin: $0.coin, fiat: $0.fiat, price: $0.price, time: $0.time, stale: true) }
    }
}

/// Fetches rates and caches them; when the API is unreachable, failing or answering in the wrong
/// shape or with an impossible value (`ImplausibleRate`), the cached rates are returned marked
/// stale, with the reason as a warning. Impossible cached rows count as not cached.
public struct RatesStore: Sendable {
    let storage: RateStorage
    let http: any Networking.Network
    let now: @Sendable () -> Date

    /// A store caching in `storage` and fetching through `http`.
    public init(storage: RateStorage, http: any Networking.Network, now: @escaping @Sendable () -> Date = Date.init) {
        self.storage = storage
        self.http = http
        self.now = now
    }

    func fetch(_ f: FetchRates) async throws -> RatesResult {
        // A malformed ID is the caller's mistake, not the API's: refused, never answered from the cache.
        for coin in f.coins { try CoinID.check(coin) }
        let remote = RatesRemote(network: http, baseURL: f.source.url, apiKey: f.source.apiKey)
        do {
            let fetched = try await remote.prices(coins: f.coins, fiat: f.fiat)
            let rates = fetched.map { Rate(coin: $0.coin, fiat: $0.fiat, price: $0.price, time: $0.time ?? now(), stale: false) }
            try await storage.save(rates.map { CachedRate(coin: $0.coin, fiat: $0.fiat, price: $0.price, time: $0.time) })
            return RatesResult(rates: rates, warning: nil)
        } catch {
            var cached = [CachedRate]()
            for coin in f.coins { if let rate = try await storage.plausibleRate(coin: coin, fiat: f.fiat) { cached.append(rate) } }
            guard !cached.isEmpty else { throw RatesUnavailable(reason: String(describing: error)) }
            let missing = f.coins.filter { coin in !cached.contains { $0.coin == coin } }
            let note = missing.isEmpty ? "" : " (nothing cached for \(missing.joined(separator: ", ")))"
            return RatesResult(rates: cached.map { Rate(coin: $0.coin, fiat: $0.fiat, price: $0.price, time: $0.time, stale: true) },
                               warning: "rates API failed (\(error)); showing the last known rates\(note)")
        }
    }

    func history(_ h: FetchRateHistory) async throws -> RateHistoryResult {
        try CoinID.check(h.coin)
        let remote = RatesRemote(network: http, baseURL: h.source.url, apiKey: h.source.apiKey)
        do {
            let fetched = try await remote.history(coin: h.coin, fiat: h.fiat, days: h.days)
            let points = fetched.points.map { CachedRate(coin: h.coin, fiat: h.fiat, price: $0.price, time: $0.time) }
            try await storage.save(CachedRateHistory(coin: h.coin, fiat: h.fiat, days: h.days, points: points, fetchedAt: now()))
            // The newest point doubles as the current rate unless a fresher one is cached.
            if let last = points.last, try await storage.plausibleRate(coin: h.coin, fiat: h.fiat).map({ $0.time < last.time }) ?? true {
                try await storage.save([last])
            }
            return RateHistoryResult(coin: h.coin, fiat: h.fiat, points: fetched.points, stale: false, warning: nil)
        } catch {
            guard let cached = try await storage.plausibleHistory(coin: h.coin, fiat: h.fiat, days: h.days) else {
                throw RatesUnavailable(reason: String(describing: error))
            }
            return RateHistoryResult(coin: h.coin, fiat: h.fiat, points: cached.points.map { ($0.time, $0.price) }, stale: true,
                                     warning: "rates API failed (\(error)); showing the history fetched \(cached.fetchedAt)")
        }
    }
}
