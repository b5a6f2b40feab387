import Foundation

/// A coin's price in a fiat currency in the JSON the command line prints (`rates`).
public struct RateView: Codable, Sendable, Hashable {
    public var coin: String
    public var fiat: String
    public var price: JSONNumber
    /// When the price was quoted, ISO 8601.
    public var time: String
    /// Whether this is a cached price shown because a fresh one could not be had.
    public var stale: Bool

    /// The view of `rate`.
    public init(_ rate: Rate) {
        coin = rate.coin
        fiat = rate.fiat
        price = JSONNumber(text: rate.price)
        time = ISO8601DateFormatter().string(from: rate.time)
        stale = rate.stale
    }
}

/// A coin's price history (`rates history`).
public struct RateHistoryView: Codable, Sendable, Hashable {
    /// One price at one time.
    public struct Point: Codable, Sendable, Hashable {
        public var time: String
        public var price: JSONNumber
    }

    public var coin: String
    public var fiat: String
    public var stale: Bool
    public var points: [Point]

    /// The view of `history`.
    public init(_ history: RateHistoryResult) {
        coin = history.coin
        fiat = history.fiat
        stale = history.stale
        let format = ISO8601DateFormatter()
        points = history.points.map { Point(time: format.string(from: $0.time), price: JSONNumber(text: $0.price)) }
    }
}
