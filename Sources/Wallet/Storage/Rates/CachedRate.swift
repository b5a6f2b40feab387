import Foundation

/// A price kept from the last successful fetch, so it can be shown (marked stale) when offline.
public struct CachedRate: Sendable, Equatable {
    public let coin: String
    public let fiat: String
    /// The exact decimal text the API gave.
    public let price: String
    /// When the price was current.
    public let time: Date

    /// A cached rate entity.
    public init(coin: String, fiat: String, price: String, time: Date) {
        self.coin = coin
        self.fiat = fiat
        self.price = price
        self.time = time
    }
}

/// A price history kept from the last successful fetch.
public struct CachedRateHistory: Sendable, Equatable {
    public let coin: String
    public let fiat: String
    public let days: Int
    public let points: [CachedRate]
    public let fetchedAt: Date

    /// A cached history entity.
    public init(coin: String, fiat: String, days: Int, points: [CachedRate], fetchedAt: Date) {
        self.coin = coin
        self.fiat = fiat
        self.days = days
        self.points = points
        self.fetchedAt = fetchedAt
    }
}
