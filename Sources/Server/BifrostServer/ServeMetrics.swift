import Foundation
import Synchronization

/// What `/metrics` reports, in Prometheus's text format: requests and their latencies by route,
/// storage failures, how the chain follower keeps up, and the webhooks' outbox. Routes are the router's patterns
/// (`/api/v1/safes/{address}`), never a request's own path, so no client text reaches the output
/// and the number of series stays bounded.
public final class ServeMetrics: Sendable {
    /// Latency bucket bounds in seconds, as Prometheus clients usually choose them.
    static let buckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    struct Series: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    struct Latency {
        var counts = [Int](repeating: 0, count: ServeMetrics.buckets.count)
        var count = 0
        var sum = 0.0
    }

    struct Follower {
        var block: UInt64?
        var lag: UInt64?
        var lastSuccess: Date?
        var failures = 0
    }

    private let requests = Mutex<[Series: Int]>([:])
    private let latencies = Mutex<[String: Latency]>([:])
    private let storageFailures = Mutex(0)
    private let follower = Mutex(Follower())
    private let outbox = Mutex<(depth: Int?, failures: Int, deadLetters: Int?)>((nil, 0, nil))

    /// Empty metrics.
    public init() {}

    /// Counts one answered request on `route` and how long it took.
    public func record(method: String, route: String, status: Int, seconds: Double) {
        requests.withLock { $0[Series(method: method, route: route, status: status), default: 0] += 1 }
        latencies.withLock { all in
            var latency = all["\(method) \(route)"] ?? Latency()
            latency.count += 1
            latency.sum += seconds
            for (i, bound) in Self.buckets.enumerated() where seconds <= bound { latency.counts[i] += 1 }
            all["\(method) \(route)"] = latency
        }
    }

    /// Counts a request the storage could not serve (answered 503).
    public func storageFailed() { storageFailures.withLock { $0 += 1 } }

    /// A follower pass that read up to `block` (nil: nothing new), having started `lag` blocks behind the head.
    public func followed(block: UInt64?, lag: UInt64, at time: Date) {
        follower.withLock { state in
            if let block { state.block = block }
            state.lag = lag
            state.lastSuccess = time
        }
    }

    /// A follower pass that failed.
    public func followFailed() { follower.withLock { $0.failures += 1 } }

    /// Deliveries waiting in the webhooks' outbox, as the database last said.
    public func outbox(depth: Int) { outbox.withLock { $0.depth = depth } }

    /// Events moved to the dead letters, as the database last said.
    public func outbox(deadLetters: Int) { outbox.withLock { $0.deadLetters = deadLetters } }

    /// A webhook delivery that failed and will be tried again.
    public func deliveryFailed() { outbox.withLock { $0.failures += 1 } }

    /// The exposition text, version 0.0.4.
    public var text: String {
        var out = ""
        func help(_ name: String, _ type: String, _ text: String) { out += "# HELP \(name) \(text)\n# TYPE \(name) \(type)\n" }
        help("bifrost_serve_requests_total", "counter", "Requests answered, by method, route and status.")
        for (series, count) in requests.withLock({ $0 }).sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            out += "bifrost_serve_requests_total{method=\"\(Self.label(series.method))\",route=\"\(Self.label(series.route))\",status=\"\(series.status)\"} \(count)\n"
        }
        help("bifrost_serve_request_duration_seconds", "histogram", "Time from a request's head to its answer, by method and route.")
        for (key, latency) in latencies.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            let labels = "method=\"\(Self.label(parts[0]))\",route=\"\(Self.label(parts.count > 1 ? parts[1] : ""))\""
            for (i, bound) in Self.buckets.enumerated() {
                out += "bifrost_serve_request_duration_seconds_bucket{\(labels),le=\"\(bound)\"} \(latency.counts[i])\n"
            }
            out += "bifrost_serve_request_duration_seconds_bucket{\(labels),le=\"+Inf\"} \(latency.count)\n"
            out += "bifrost_serve_request_duration_seconds_sum{\(labels)} \(latency.sum)\n"
            out += "bifrost_serve_request_duration_seconds_count{\(labels)} \(latency.count)\n"
        }
        help("bifrost_serve_storage_errors_total", "counter", "Requests the database could not serve (answered 503).")
        out += "bifrost_serve_storage_errors_total \(storageFailures.withLock { $0 })\n"
        let f = follower.withLock { $0 }
        help("bifrost_serve_follower_lag_blocks", "gauge", "Blocks the chain follower was behind the head when its last pass began.")
        out += "bifrost_serve_follower_lag_blocks \(f.lag.map { String($0) } ?? "NaN")\n"
        help("bifrost_serve_follower_block", "gauge", "The last block the chain follower read.")
        out += "bifrost_serve_follower_block \(f.block.map { String($0) } ?? "NaN")\n"
        help("bifrost_serve_follower_last_success_timestamp_seconds", "gauge", "When the chain follower last finished a pass.")
        out += "bifrost_serve_follower_last_success_timestamp_seconds \(f.lastSuccess.map { String($0.timeIntervalSince1970) } ?? "NaN")\n"
        help("bifrost_serve_follower_failures_total", "counter", "Chain follower passes that failed.")
        out += "bifrost_serve_follower_failures_total \(f.failures)\n"
        let o = outbox.withLock { $0 }
        help("bifrost_serve_outbox_depth", "gauge", "Webhook deliveries waiting, every webhook's together.")
        out += "bifrost_serve_outbox_depth \(o.depth.map { String($0) } ?? "NaN")\n"
        help("bifrost_serve_webhook_failures_total", "counter", "Webhook deliveries that failed and wait to be tried again.")
        out += "bifrost_serve_webhook_failures_total \(o.failures)\n"
        help("bifrost_serve_webhook_dead_letters", "gauge", "Webhook events no longer sent: their receiver failed for longer than its expiry.")
        out += "bifrost_serve_webhook_dead_letters \(o.deadLetters.map { String($0) } ?? "NaN")\n"
        return out
    }

    /// A label value as the format escapes it.
    static func label(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }
}
