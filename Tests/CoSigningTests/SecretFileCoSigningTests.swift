@testable import CoSigning
import Foundation
import Testing

/// The co-signing server's secret files: API keys and webhook secrets read the same with CRLF
/// line endings, and a file that is not UTF-8 is refused without quoting it.
@Suite("Secret files of the co-signing server: API keys and webhooks")
struct SecretFileCoSigningTests {
    static func privateFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        return path
    }

    @Test("an API keys file with CRLF line endings: each key without its \\r\\n, its rate read, the real key allowed")
    func apiKeysCRLF() async throws {
        let path = try Self.privateFile("# team\r\ngamma-key-9876543210\r\ndelta-key-9876543210abc 5\r\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let keys = try APIKeys(file: path, defaultPerMinute: 60)
        #expect(keys.count == 2)
        #expect(keys.entries.map(\.perMinute) == [60, 5])
        let access = WriteAccess(keys: keys)
        #expect(await access.decide(key: "gamma-key-9876543210") == .allowed(label: "key 1 (line 2)"))
        #expect(await access.decide(key: "delta-key-9876543210abc") == .allowed(label: "key 2 (line 3)"))
        #expect(await access.decide(key: "gamma-key-9876543210\r\n") == .unauthorized)
    }

    @Test("a webhook file with CRLF line endings signs deliveries with the secret, not the secret and its \\r\\n")
    func webhookCRLF() throws {
        let path = try Self.privateFile("https://hooks.example.net/q7 crlf-secret-4455667788\r\nhttps://hooks.example.net/q8 other-secret-99887766\r\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hooks = try Webhook.file(path)
        #expect(hooks.map(\.url.absoluteString) == ["https://hooks.example.net/q7", "https://hooks.example.net/q8"])
        #expect(hooks.map(\.secret) == [Array("crlf-secret-4455667788".utf8), Array("other-secret-99887766".utf8)])
    }

    @Test("a secrets file that is not UTF-8 is refused, its reason naming no secret")
    func privateFileNotUTF8() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)").path
        try Data([0x6b, 0x65, 0x79, 0x2d, 0xff] + Array("-0123456789abcdef\n".utf8)).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try APIKeys(file: path, defaultPerMinute: 60)
            Issue.record("a key that is not UTF-8 was taken")
        } catch {
            #expect(error.description.contains("UTF-8") && !error.description.contains("0123456789abcdef"), "\(error)")
        }
    }
}
