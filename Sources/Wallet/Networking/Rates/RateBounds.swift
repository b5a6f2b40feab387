import EthereumKit
import Foundation

/// What a price and its time must be to be believed, wherever one enters: an API answer, or a cache
/// an older version wrote before these checks existed.
public enum RateBounds {
    /// The highest price per coin believed: 1e15 is a thousand times any price ever quoted, yet far
    /// below where the Double the chart draws with, or Foundation's `Decimal`, loses the number.
    public static let maximumPrice = 1e15
    /// No exact price needs more characters; a longer number is padding meant to be stored and printed.
    public static let maximumPriceLength = 64
    /// Times must be after 1970-01-01 and before 2100-01-01, in seconds since 1970: anything else is a
    /// broken clock or an overflow, and whole seconds of it must fit the cache.
    public static let times = 0.0..<4_102_444_800.0
    /// The most points a price history may have: hourly points over 90 days are 2,161 and daily
    /// points since 2009 under 7,000, so an answer with more is no real history (and would cost
    /// memory and time to keep and draw).
    public static let maximumHistoryPoints = 10_000

    /// True for the text of a JSON number above 0 and at most `maximumPrice`. Zero is refused: no
    /// traded coin is worth nothing, and a zero rate would show every balance as worthless.
    public static func isPlausible(price text: String) -> Bool {
        // Only JSON number text: `Double` alone would also take "nan", "inf" and "0x10".
        guard text.utf8.count <= maximumPriceLength, (try? JSONParser.parse(text)) == .number(text),
              let value = Double(text) else { return false }
        return value.isFinite && value > 0 && value <= maximumPrice
    }

    /// True for a time within `times`, 1970 itself excluded: a zero time means "unset", not a price.
    public static func isPlausible(time: Date) -> Bool {
        let seconds = time.timeIntervalSince1970
        return times.contains(seconds) && seconds > 0
    }
}

/// A rates API answered a price or a time that cannot be true (overflowing, negative, zero, absurd):
/// the answer is treated like one of the wrong shape, and nothing of it is kept.
public struct ImplausibleRate: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which value of a rate was impossible.
    public enum Field: String, Sendable {
        case price, time
    }

    /// The coin ID asked for.
    public let coin: String
    /// The fiat currency asked for.
    public let fiat: String
    /// Whether the price or its time was impossible.
    public let field: Field
    /// The value as the API wrote it, clipped to 32 characters.
    public let value: String

    /// An impossible `field` of `coin` in `fiat`; `value` is clipped so an endless number stays one short line.
    public init(coin: String, fiat: String, field: Field, value: String) {
        self.coin = coin
        self.fiat = fiat
        self.field = field
        self.value = value.count > 32 ? String(value.prefix(32)) + "…" : value
    }

    public var description: String {
        let bound = field == .price ? "a price must be above 0 and at most 1e15" : "a time must be after 1970 and before 2100"
        return "the rates API gave an impossible \(fiat) \(field.rawValue) for '\(coin)': \(value) (\(bound))"
    }
}
