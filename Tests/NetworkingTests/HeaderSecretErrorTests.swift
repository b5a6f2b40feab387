import EthereumKit
import Foundation
import Networking
import Testing

/// An API key travels in a header; when the HTTP client refuses that header, its error must not
/// carry the key into a message a person or a log sees.
@Suite("LiveNetwork: a refused header is not echoed")
struct HeaderSecretErrorTests {
    @Test("an API key with a line break or a control character fails with an error that does not quote it")
    func refusedHeaderValue() async throws {
        let network = LiveNetwork(connectTimeout: .seconds(2), readTimeout: .seconds(2))
        let safe = try Address("0x00000000000000000000000000000000000005af")
        for key in ["Zephyr-key-7315-ab\r\n", "Zephyr-key\u{7}-7315", "Zephyr\nkey-7315"] {
            let remote = SafeServiceRemote(network: network, baseURL: URL(string: "http://127.0.0.1:9/tx-service")!, apiKey: key)
            do {
                _ = try await remote.safeInfo(safe)
                Issue.record("a header with \(Array(key.utf8)) was sent")
            } catch {
                #expect(!error.description.contains("Zephyr") && !error.description.contains("7315"), "\(error)")
                #expect(error.description.contains("header"), "\(error)")
            }
        }
        await network.shutdown()
    }
}
