import BigInt
@testable import CoSigning
import CoSigningSQLite
import CoSigningStorage
import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import Services
import Synchronization
import Testing

/// Webhooks: their configuration, the signature receivers check, and the official JSON of each event.
@Suite("Webhooks: configuration, signatures and the event JSON")
struct WebhookTests {
    static let safe = try! Address("0x00000000000000000000000000000000000005af")
    static let owner = try! Address("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")

    @Test("HMAC-SHA256 matches RFC 4231 test case 2; a delivery's signature binds its event ID, its time and its body")
    func signature() throws {
        #expect(Hex.encode(HMACSHA256.tag(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)), prefix: false)
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let secret = "fedcba9876543210-hook-secret"
        let hook = try Webhook(url: "https://hooks.example.org/T000/B000/abc", secret: secret)
        let body = Array(#"{"type":"NEW_CONFIRMATION"}"#.utf8), sent = Date(timeIntervalSince1970: 1_812_345_678.9)
        let header = hook.signature(eventID: 4711, body: body, at: sent)
        // Python's hmac.new(secret, b"1812345678.4711." + body, hashlib.sha256).hexdigest(), as the README's receiver computes it.
        #expect(header == "t=1812345678,v1=bf525cc46715b9f96dbbfda7fe04c2a9c1a8e36a7da1ad4fafb852ce91e7fd07", "t.ID.body, as a receiver recomputes it")
        let key = Array(secret.utf8)
        #expect(Webhook.verify(header, eventID: "4711", body: body, secret: key, now: sent.addingTimeInterval(30)))
        #expect(!Webhook.verify(header, eventID: "4712", body: body, secret: key, now: sent), "a captured delivery replayed under a new ID")
        #expect(!Webhook.verify(header, eventID: "4711", body: body, secret: key, now: sent.addingTimeInterval(301)), "replayed after the tolerance")
        #expect(!Webhook.verify(header, eventID: "4711", body: body, secret: key, now: sent.addingTimeInterval(-301)))
        #expect(!Webhook.verify(header, eventID: "4711", body: body + [0x20], secret: key, now: sent))
        #expect(!Webhook.verify(header, eventID: "4711", body: body, secret: Array("fedcba9876543210-other!!".utf8), now: sent))
        #expect(!Webhook.verify("sha256=" + Hex.encode(HMACSHA256.tag(body, key: key), prefix: false), eventID: "4711", body: body, secret: key, now: sent),
                "a signature of the body alone is refused")
        // The ID and the time are digits only: no part of the body can be moved into them.
        let shifted = Array(#"{"type":"NEW_CONFIRMATION"}"#.utf8.dropFirst(2))
        let forged = "t=1812345678,v1=" + Hex.encode(HMACSHA256.tag(Array("1812345678.4711.{\"".utf8) + shifted, key: key), prefix: false)
        #expect(!Webhook.verify(forged, eventID: "4711.{\"", body: shifted, secret: key, now: sent))
        #expect(!Webhook.verify(header.replacingOccurrences(of: "t=", with: "t=+"), eventID: "4711", body: body, secret: key, now: sent))
        let rotated = "t=1812345678,v1=" + String(repeating: "0", count: 64) + "," + header.split(separator: ",")[1]
        #expect(Webhook.verify(rotated, eventID: "4711", body: body, secret: key, now: sent), "any one v1 may match, for a secret in rotation")
        #expect(hook.description == "https://hooks.example.org/…", "a hook URL's path may be a token of its own: logs show the host only")
    }

    @Test("a POSTed delivery carries the signature of its own ID and time, and verifies only under them")
    func postedDelivery() async throws {
        let network = MockNetwork()
        network.register(path: "/hook", httpMethod: "POST", status: 204, body: [])
        let secret = "posted-delivery-secret-99"
        let sent = Date(timeIntervalSince1970: 1_845_000_000)
        let deliverer = WebhookDeliverer(storage: try SQLiteCoSigningStorage(), webhooks: [try Webhook(url: "https://r.example/hook", secret: secret)],
                                         network: network, now: { sent })
        let event = ServedEvent(.pendingMultisigTransaction, chainID: 5, safe: Self.safe, hash: [UInt8](repeating: 7, count: 32), at: sent, id: 93)
        #expect(await deliverer.post(event, to: deliverer.webhooks[0]) == nil)
        let request = try #require(network.requests.first)
        let header = try #require(request.headers[WebhookDeliverer.Header.signature])
        #expect(request.headers[WebhookDeliverer.Header.eventID] == "93" && header.hasPrefix("t=1845000000,v1="))
        #expect(Webhook.verify(header, eventID: "93", body: request.body, secret: Array(secret.utf8), now: sent))
        #expect(!Webhook.verify(header, eventID: "94", body: request.body, secret: Array(secret.utf8), now: sent))
    }

    /// A clock a test moves by hand.
    final class TestClock: Sendable {
        let time: Mutex<Date>
        init(_ start: Date) { time = Mutex(start) }
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    /// What the deliverer told the server.
    final class Reports: Sendable {
        let all = Mutex<[WebhookReport]>([])
        func add(_ report: WebhookReport) { all.withLock { $0.append(report) } }
        var deadLettered: [WebhookReport] { all.withLock { $0.filter { if case .deadLettered = $0 { true } else { false } } } }
    }

    @Test("receivers dead past their expiry: their queues become dead letters and leave the depth, counted from the first failure across a restart; a delivery resets it")
    func deadReceiversExpire() async throws {
        let network = MockNetwork()
        network.register(path: "/live", httpMethod: "POST", status: 204, body: [])
        for path in ["/gone-a", "/gone-b", "/gone-c"] { network.register(path: path, httpMethod: "POST", status: 410, body: []) }
        let hooks = try ["https://live.example/live", "https://a.example/gone-a", "https://b.example/gone-b", "https://c.example/gone-c"].map {
            try Webhook(url: $0, secret: "expiry-test-secret-0042")
        }
        let storage = try SQLiteCoSigningStorage()
        let t0 = Date(timeIntervalSince1970: 1_850_000_000), clock = TestClock(t0), reports = Reports()
        let expiry = Duration.seconds(2 * 24 * 3600)
        func deliverer() -> WebhookDeliverer {
            WebhookDeliverer(storage: storage, webhooks: hooks, network: network, expiry: expiry, now: { clock.now })
        }
        func events(_ n: Int, from first: Int) -> [ServedEvent] {
            (first..<(first + n)).map { ServedEvent(.incomingEther, chainID: 10, safe: Self.safe, value: BigUInt($0), dedupKey: "in:\($0)", at: t0) }
        }
        func passAll(_ d: WebhookDeliverer) async { for hook in hooks { _ = await d.pass(hook, report: reports.add) } }

        try await storage.setWebhooks(hooks.map(\.url.absoluteString))
        #expect(try await storage.appendEvents(events(23, from: 0)) == 23)
        var first = deliverer()
        await passAll(first)
        #expect(try await storage.outboxDepth() == 3 * 23, "the live receiver took its 23; each dead one failed once")
        clock.advance(36 * 3600)
        #expect(try await storage.appendEvents(events(6, from: 23)) == 6)
        await passAll(first)
        #expect(try await storage.outboxDepth() == 3 * 29 && reports.deadLettered.isEmpty, "36 hours of failing is within the 2-day expiry")

        // A restart: a new deliverer, the same database. The first failure, not the restart, starts the count.
        first = deliverer()
        clock.advance(12 * 3600 + 1)
        await passAll(first)
        #expect(try await storage.outboxDepth() == 0, "every dead receiver's queue left the outbox")
        #expect(try await storage.deadLetterCount() == 3 * 29)
        #expect(reports.deadLettered == ["https://a.example/…", "https://b.example/…", "https://c.example/…"].map {
            .deadLettered(webhook: $0, count: 29, failingSince: t0)
        })

        // New events for expired receivers wait only until their next failed try, so the outbox stays bounded.
        #expect(try await storage.appendEvents(events(4, from: 29)) == 4)
        #expect(try await storage.outboxDepth() == 4 * 4, "queued for every webhook")
        clock.advance(300)
        await passAll(first)
        #expect(try await storage.outboxDepth() == 0)
        #expect(try await storage.deadLetterCount() == 3 * 33)

        // One receiver answers again: its new events are taken and its failing ends; a later failure counts afresh.
        network.register(path: "/gone-a", httpMethod: "POST", status: 200, body: [])
        #expect(try await storage.appendEvents(events(2, from: 33)) == 2)
        await passAll(first)
        #expect(try await storage.pendingDeliveries(webhook: hooks[1].url.absoluteString, limit: 10).isEmpty)
        network.register(path: "/gone-a", httpMethod: "POST", status: 503, body: [])
        #expect(try await storage.appendEvents(events(1, from: 35)) == 1)
        clock.advance(3600)
        await passAll(first)
        #expect(try await storage.pendingDeliveries(webhook: hooks[1].url.absoluteString, limit: 10).count == 1,
                "failing for an hour after a delivery is not past the expiry")
        #expect(try await storage.deadLetterCount() == 3 * 33 + 2 * 3, "the still dead ones moved the new events too")
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
