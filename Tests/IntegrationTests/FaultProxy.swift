import Foundation
import Networking

/// `scripts/fault-proxy` in front of the devnet: a provider that caps ranges and batches,
/// rate-limits, drops connections and answers slowly, as the options say.
final class FaultProxy {
    let url: String
    private let process: Process

    init(upstream: String, options: [String]) throws {
        let script = ListeningScript.repository.appendingPathComponent("scripts/fault-proxy").path
        let (process, port) = try ListeningScript.start(["python3", script, "--upstream", upstream, "--port", "0"] + options)
        self.process = process
        url = "http://127.0.0.1:\(port)"
    }

    /// What the proxy did: requests, rateLimited, dropped, batchesRefused, rangesRefused, forwarded.
    func stats() async throws -> [String: Int] {
        // Asked over the product's own transport: Foundation's blocking URL loading can starve the test's executor.
        let response = try await LiveNetwork.shared.send(HTTPRequest(method: "GET", url: URL(string: url + "/stats")!))
        return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Int]) ?? [:]
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
