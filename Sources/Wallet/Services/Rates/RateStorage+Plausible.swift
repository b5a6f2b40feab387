import Foundation
import Networking
import Storage

/// Cache reads that pass the same `RateBounds` as API answers: a cache written by a version from
/// before those checks may hold `1e400` or `-5`, and such a row is treated as not cached at all
/// (never shown, never drawn) until the next good answer replaces it.
extension RateStorage {
    /// The cached rate of `coin` in `fiat`, unless it is impossible.
    func plausibleRate(coin: String, fiat: String) async throws -> CachedRate? {
        try await rate(coin: coin, fiat: fiat).flatMap { Self.isPlausible($0) ? $0 : nil }
    }

    /// The cached history, unless any point of it is impossible: that whole answer would be refused
    /// today, so no part of it is trusted.
    func plausibleHistory(coin: String, fiat: String, days: Int) async throws -> CachedRateHistory? {
        try await history(coin: coin, fiat: fiat, days: days).flatMap { $0.points.allSatisfy(Self.isPlausible) ? $0 : nil }
    }

    private static func isPlausible(_ rate: CachedRate) -> Bool {
        RateBounds.isPlausible(price: rate.price) && RateBounds.isPlausible(time: rate.time)
    }
}
