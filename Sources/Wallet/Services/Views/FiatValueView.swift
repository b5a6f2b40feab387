import Foundation
import Storage

/// An ether amount's value in a fiat currency at a cached rate.
public struct FiatValueView: Codable, Sendable, Hashable {
    public var currency: String
    public var value: String
    /// The price of one ether.
    public var rate: String
    /// When the rate was fetched, ISO 8601.
    public var time: String
    /// Whether the rate is older than a fresh fetch would be.
    public var stale: Bool

    /// The value of `ether` at `rate`, or nil when `ether` is not an amount the rate can price.
    public init?(ether: String, rate: Rate) {
        guard let value = rate.value(ofEther: ether) else { return nil }
        currency = rate.fiat
        self.value = value
        self.rate = rate.price
        time = ISO8601DateFormatter().string(from: rate.time)
        stale = rate.stale
    }
}
