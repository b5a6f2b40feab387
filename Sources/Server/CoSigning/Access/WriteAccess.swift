import Foundation
import Services

/// Who may write to a co-signing server: anyone when it has no keys; otherwise a request must
/// present a known key (how it is carried is the front end's business), and each key may make
/// its rate of requests per minute, in bursts up to that rate.
public actor WriteAccess {
    /// What a write request may do.
    public enum Decision: Sendable, Equatable {
        /// Go ahead; `label` names the key for logs without showing it.
        case allowed(label: String?)
        /// No key, or not a known one.
        case unauthorized
        /// The key's rate is used up; try again after this many seconds.
        case limited(retryAfter: Int)
    }

    private let keys: APIKeys?
    private let now: @Sendable () -> Date
    private var buckets: [String: (tokens: Double, at: Date)] = [:]

    /// Access checked against `keys`, or open when nil.
    public init(keys: APIKeys?, now: @escaping @Sendable () -> Date = Date.init) {
        self.keys = keys
        self.now = now
    }

    /// Whether keys are required.
    public nonisolated var isProtected: Bool { keys != nil }

    /// The decision for a request that presented `key` (nil: none).
    public func decide(key presented: String?) -> Decision {
        guard let keys else { return .allowed(label: nil) }
        guard let presented, let entry = keys.entry(for: presented) else { return .unauthorized }
        let time = now(), rate = Double(entry.perMinute) / 60
        let (tokens, at) = buckets[entry.label] ?? (Double(entry.perMinute), time)
        let available = min(Double(entry.perMinute), tokens + max(0, time.timeIntervalSince(at)) * rate)
        guard available >= 1 else {
            buckets[entry.label] = (available, time)
            return .limited(retryAfter: max(1, Int(((1 - available) / rate).rounded(.up))))
        }
        buckets[entry.label] = (available - 1, time)
        return .allowed(label: entry.label)
    }
}
