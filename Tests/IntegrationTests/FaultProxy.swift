import Foundation
import Networking

/// `scripts/fault-proxy` in front of the devnet: a provider that caps ranges and batches,
/// rate-limits, drops connections and answers slowly, as the options say.
final class FaultProxy {
    let url: String
    private let process: Process

    init(upstream: String, options: [String]) throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repo.appendingPathComponent("scripts/fault-proxy").path, "--upstream", upstream, "--port", "0"] + options
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line names the port once it listens.
        var line = [UInt8]()
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { line.append(byte) }
        guard let port = String(decoding: line, as: UTF8.self).split(separator: " ").last.flatMap({ Int($0) }) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
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
