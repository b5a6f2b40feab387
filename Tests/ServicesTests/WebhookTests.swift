import BigInt
import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import Services
import Testing

/// Webhooks: their configuration, the signature receivers check, and the official JSON of each event.
@Suite("Webhooks: configuration, signatures and the event JSON")
struct WebhookTests {
    static let safe = try! Address("0x00000000000000000000000000000000000005af")
    static let owner = try! Address("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")

    @Test("HMAC-SHA256 matches RFC 4231 test case 2, and a signature header verifies only for its own body and secret")
    func signature() throws {
        #expect(Hex.encode(HMACSHA256.tag(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)), prefix: false)
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let hook = try Webhook(url: "https://hooks.example.org/T000/B000/abc", secret: "0123456789abcdef-secret")
        let body = Array(#"{"type":"PENDING_MULTISIG_TRANSACTION"}"#.utf8)
        let header = hook.signature(of: body)
        #expect(header.hasPrefix("sha256=") && header.count == 7 + 64)
        #expect(Webhook.verify(header, body: body, secret: Array("0123456789abcdef-secret".utf8)))
        #expect(!Webhook.verify(header, body: body + [0x20], secret: Array("0123456789abcdef-secret".utf8)))
        #expect(!Webhook.verify(header, body: body, secret: Array("0123456789abcdef-other!".utf8)))
        #expect(!Webhook.verify(String(header.dropFirst(7)), body: body, secret: Array("0123456789abcdef-secret".utf8)))
        #expect(hook.description == "https://hooks.example.org/…", "a hook URL's path may be a token of its own: logs show the host only")
    }

    @Test("bad URLs and short secrets are refused; a webhook file must be chmod 600 and names the bad line without the secret")
    func configuration() throws {
        #expect(throws: WebhookError.self) { try Webhook(url: "ftp://example.org/x", secret: "0123456789abcdef") }
        #expect(throws: WebhookError.self) { try Webhook(url: "https:///nohost", secret: "0123456789abcdef") }
        #expect(throws: WebhookError.self) { try Webhook(url: "https://example.org/x", secret: "short") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hooks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("hooks").path
        try "# ops\nhttps://a.example/h s3cret-s3cret-s3cret\nhttp://127.0.0.1:9000/h another-secret-123456 # local\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o644)
        #expect(throws: WebhookError.self) { try Webhook.file(file) }
        chmod(file, 0o600)
        #expect(try Webhook.file(file).map(\.url.absoluteString) == ["https://a.example/h", "http://127.0.0.1:9000/h"])
        try "https://a.example/h s3cret\n".write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        do {
            _ = try Webhook.file(file)
            Issue.record("a short secret was taken")
        } catch {
            #expect(error.description.contains("line 1") && !error.description.contains("s3cret"))
        }
    }

    @Test("each event in the official service's webhook JSON: the type's own members, failed as a string, chainId last")
    func wireJSON() throws {
        let hash = [UInt8](repeating: 0xab, count: 32), tx = [UInt8](repeating: 0xcd, count: 32), t = Date(timeIntervalSince1970: 0)
        let executed = ServedEvent(.executedMultisigTransaction, chainID: 1, safe: Self.safe, hash: hash, transactionHash: tx, failed: false, at: t)
        #expect(JSONWriter.write(executed.wire.json) == #"{"address":"\#(Self.safe.checksummed)","type":"EXECUTED_MULTISIG_TRANSACTION","safeTxHash":"\#(Hex.encode(hash))","failed":"false","txHash":"\#(Hex.encode(tx))","chainId":"1"}"#)
        let confirmation = ServedEvent(.newConfirmation, chainID: 11155111, safe: Self.safe, hash: hash, owner: Self.owner, at: t)
        #expect(JSONWriter.write(confirmation.wire.json) == #"{"address":"\#(Self.safe.checksummed)","type":"NEW_CONFIRMATION","owner":"\#(Self.owner.checksummed)","safeTxHash":"\#(Hex.encode(hash))","chainId":"11155111"}"#)
        let message = ServedEvent(.messageCreated, chainID: 1, safe: Self.safe, hash: hash, at: t)
        #expect(message.wire.json["messageHash"] == .string(Hex.encode(hash)) && message.wire.json["safeTxHash"] == nil)
        let nft = ServedEvent(.incomingToken, chainID: 1, safe: Self.safe, transactionHash: tx, token: Self.owner, tokenID: 7, at: t)
        #expect(JSONWriter.write(nft.wire.json) == #"{"address":"\#(Self.safe.checksummed)","type":"INCOMING_TOKEN","tokenAddress":"\#(Self.owner.checksummed)","txHash":"\#(Hex.encode(tx))","tokenId":"7","chainId":"1"}"#)
        for event in [executed, confirmation, message, nft] {
            #expect(try ServiceWireEvent(json: JSONParser.parse(Array(JSONWriter.write(event.wire.json).utf8))) == event.wire, "read back as written")
        }
    }
}
