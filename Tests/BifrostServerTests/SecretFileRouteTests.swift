import BifrostServer
import CoSigning
import Foundation
import Hummingbird
import Services
import Testing

/// `serve --api-key-file` with Windows line endings: the key a client sends is the key in the file.
@Suite("bifrost serve routes: an API key file with CRLF line endings")
struct SecretFileRouteTests {
    typealias H = ServerHarness

    @Test("a key from a CRLF keys file writes with Bearer KEY; the key with \\r\\n is not it")
    func crlfKeysFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)").path
        try Data("crlf-unit-key-5566778899 60\r\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let server = try await H.make(settings: ServeSettings(port: 0, access: WriteAccess(keys: try APIKeys(file: path, defaultPerMinute: 60)), followEvery: nil))
        defer { server.remove() }
        let tx = H.tx(nonce: 4)
        let body = try H.proposal(tx, sender: H.keys[0].address, signature: try H.signed(tx, by: 0))
        let path2 = "/api/v2/safes/\(H.safe.checksummed)/multisig-transactions/"
        #expect(try await server.send(.post, path2, body, headers: [.authorization: "Bearer crlf-unit-key-5566778899"]).status == 201)
    }
}
