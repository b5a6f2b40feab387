import BifrostServer
import Foundation
import Testing

@Suite("bifrost serve: /metrics in Prometheus's text format")
struct MetricsRouteTests {
    @Test("requests are counted by method, route pattern and status, with a histogram of their latencies; a path no route takes is NotFound and its text never appears")
    func counted() async throws {
        let server = try await ServerHarness.make()
        defer { server.remove() }
        for _ in 0..<3 { _ = try await server.send(.get, "/api/v1/safes/\(ServerHarness.safe.checksummed)/") }
        #expect(try await server.send(.get, "/api/v1/no-such-%22route%0A").status == 404)
        let (status, text) = try await server.text(.get, "/metrics")
        #expect(status == 200)
        let lines = text.split(separator: "\n").map(String.init)
        let safeRoute = try #require(lines.first { $0.hasPrefix("bifrost_serve_requests_total{method=\"GET\",route=\"/api/v1/safes/") && $0.contains("status=\"200\"") },
                                     "\(text)")
        #expect(safeRoute.hasSuffix("} 3") && !safeRoute.contains(ServerHarness.safe.checksummed), "the route's pattern, not the address: \(safeRoute)")
        #expect(lines.contains("bifrost_serve_requests_total{method=\"GET\",route=\"NotFound\",status=\"404\"} 1"), "\(text)")
        #expect(!text.contains("no-such"), "a client's path never reaches the output")
        let count = try #require(lines.first { $0.hasPrefix("bifrost_serve_request_duration_seconds_count{method=\"GET\",route=\"/api/v1/safes/") })
        let infinite = try #require(lines.first { $0.hasPrefix("bifrost_serve_request_duration_seconds_bucket{method=\"GET\",route=\"/api/v1/safes/") && $0.contains("le=\"+Inf\"") })
        #expect(count.hasSuffix(" 3") && infinite.hasSuffix(" 3"))
        let buckets = lines.filter { $0.hasPrefix("bifrost_serve_request_duration_seconds_bucket{method=\"GET\",route=\"/api/v1/safes/") }
            .compactMap { Int($0.split(separator: " ").last ?? "") }
        #expect(buckets == buckets.sorted() && buckets.count == 12, "cumulative buckets: \(buckets)")
        #expect(lines.contains("bifrost_serve_storage_errors_total 0") && lines.contains("# TYPE bifrost_serve_follower_lag_blocks gauge"))
        #expect(lines.contains("# TYPE bifrost_serve_webhook_dead_letters gauge") && lines.contains("bifrost_serve_webhook_dead_letters 0"),
                "the dead letters as the database counts them")
    }

    @Test("the follower's figures and label escaping")
    func follower() {
        let metrics = ServeMetrics()
        metrics.followed(block: 120, lag: 4, at: Date(timeIntervalSince1970: 1_764_000_000))
        metrics.followed(block: nil, lag: 0, at: Date(timeIntervalSince1970: 1_764_000_005))
        metrics.followFailed()
        metrics.record(method: "GET", route: "a\"b\\c\nd", status: 200, seconds: 0.003)
        let text = metrics.text
        #expect(text.contains("bifrost_serve_follower_block 120\n") && text.contains("bifrost_serve_follower_lag_blocks 0\n"))
        #expect(text.contains("bifrost_serve_follower_last_success_timestamp_seconds 1764000005.0\n") && text.contains("bifrost_serve_follower_failures_total 1\n"))
        #expect(text.contains("route=\"a\\\"b\\\\c\\nd\""))
        #expect(text.contains("le=\"0.0025\"} 0\n") && text.contains("le=\"0.005\"} 1\n"))
    }
}
