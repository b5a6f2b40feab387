@testable import BifrostCLI
import BigInt
import CoSigning
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// `bifrost serve` as a process with a webhook: every event of a 2-of-3 Safe's life reaches a
    /// receiver on loopback once per event ID, signed, though the receiver refuses at first and
    /// the server is killed with SIGKILL in between; the event stream gives the same events.
    @Suite("Integration: webhooks and the event stream of bifrost serve")
    struct CoSigningWebhookTests {
        let devnet = Devnet.shared!

        @Test("the 2-of-3 story's 13 events, across a kill -9: each ID delivered with one body, signed; the SSE stream has the same")
        func story() async throws {
            let bifrost = CoSigningCrashTests.bifrost
            try #require(FileManager.default.isExecutableFile(atPath: bifrost.path), "build the bifrost product first: \(bifrost.path)")
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("serve-hooks-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: home) }
            let secret = "throwaway-webhook-secret-\(UUID().uuidString)"
            let receiver = try await WebhookReceiver(secret: secret, refusing: true)
            defer { receiver.stop() }
            let hooks = home.appendingPathComponent("hooks")
            try "\(receiver.url.absoluteString) \(secret)\n".write(to: hooks, atomically: true, encoding: .utf8)
            chmod(hooks.path, 0o600)
            let database = home.appendingPathComponent("serve.sqlite").path, options = ["--follow-interval", "1", "--webhook-file", hooks.path]
            let (o4, o5) = (devnet.accounts[4].key, devnet.accounts[5].key)

            // Proposed and confirmed while the receiver refuses; then the server dies without a word.
            var (server, url) = try CoSigningCrashTests.start(rpc: devnet.rpcURL, home: home, database: database, options: options)
            let pay = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: f.owners[2], value: SafeFixture.ether, data: [], operation: .call), chain: f.first.chain))
            let hash = pay.safeTxHash, safePath = "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/"
            #expect(try await Self.send(url, "POST", safePath, try ServingCoSigner.proposal(pay.transaction, signedBy: o4)).status == 201)
            let second = try SafeSignature.sign(safeTxHash: hash, with: o5)
            #expect(try await Self.send(url, "POST", "/api/v1/multisig-transactions/\(Hex.encode(hash))/confirmations/",
                                        #"{"signature": "\#(Hex.encode(second.bytes))"}"#).status == 201)
            try await Self.wait("the receiver to refuse a delivery") { receiver.refused >= 1 }
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            receiver.refuse(false)
            (server, url) = try CoSigningCrashTests.start(rpc: devnet.rpcURL, home: home, database: database, options: options)
            defer { server.terminate(); server.waitUntilExit() }

            // Executed on chain, ether and tokens in, a proposal deleted, a message signed twice.
            let executed = try await f.signAndExecute(pay)
            _ = try await f.first.services.dispatcher.dispatch(SendTransaction(
                keyName: "owner4", transfer: .ether(to: f.safe, wei: 3), chain: f.first.chain, wait: true, password: { "pw" }))
            try await f.receiveTestTokens(7)
            // The follower reads them within a second or two; waiting keeps the story's order fixed.
            try await Self.wait("the chain's 4 events") { Set(receiver.deliveries.map(\.id)).count >= 7 }

            // The balances: ether as the chain says, and the token the follower saw arrive.
            let balances = try JSONParser.parse(try await Self.send(url, "GET", "/api/v1/safes/\(f.safe.checksummed)/balances/", "").body)
            let lines = balances.arrayValue ?? []
            let ether = try await f.remote().balance(of: f.safe)
            #expect(lines.first?["tokenAddress"] == .null && lines.first?["balance"] == .string(String(ether)))
            let token = lines.first { $0["tokenAddress"] == .string(devnet.testToken.checksummed) }
            #expect(token?["balance"] == .string("7") && token?["token"]?["decimals"] != nil && token?["token"]?["symbol"]?.stringValue?.isEmpty == false,
                    "\(balances)")
            let described = try await Self.send(url, "GET", "/api/v1/tokens/\(devnet.testToken.checksummed)/", "")
            let json = try JSONParser.parse(described.body)
            #expect(described.status == 200 && json["type"] == .string("ERC20") && json["symbol"] == token?["token"]?["symbol"])
            #expect(try await Self.send(url, "GET", "/api/v1/tokens/\(f.safe.checksummed)/", "").status == 404, "a Safe is not a token")
            let later = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 5, nonce: 1)
            let laterHash = try later.hash()
            #expect(try await Self.send(url, "POST", safePath, try ServingCoSigner.proposal(later, signedBy: o4)).status == 201)
            let digest = ServiceAuthorization.deleteDigest(safeTxHash: laterHash, safe: f.safe, chainID: devnet.chainID,
                                                           totp: ServiceAuthorization.totp(at: Date()))
            #expect(try await Self.send(url, "DELETE", "/api/v2/multisig-transactions/\(Hex.encode(laterHash))/",
                                        #"{"safeTxHash": "\#(Hex.encode(laterHash))", "signature": "\#(Hex.encode(try o4.sign(digest: digest).rsv))"}"#)
                .status == 204)
            let message = SafeMessage(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, content: .text("Quarterly report approved"))
            let messageHash = try message.hash()
            let m4 = try SafeSignature.sign(safeTxHash: messageHash, with: o4), m5 = try SafeSignature.sign(safeTxHash: messageHash, with: o5)
            #expect(try await Self.send(url, "POST", "/api/v1/safes/\(f.safe.checksummed)/messages/",
                                        #"{"message": "Quarterly report approved", "signature": "\#(Hex.encode(m4.bytes))"}"#).status == 201)
            #expect(try await Self.send(url, "POST", "/api/v1/messages/\(Hex.encode(messageHash))/signatures/",
                                        #"{"signature": "\#(Hex.encode(m5.bytes))"}"#).status == 201)

            try await Self.wait("13 distinct events at the receiver") { Set(receiver.deliveries.map(\.id)).count >= 13 }
            try await Task.sleep(for: .seconds(2))
            let deliveries = receiver.deliveries
            #expect(deliveries.allSatisfy { $0.signed }, "every delivery carries a valid HMAC-SHA256 of its time, ID and body")
            let captured = try #require(deliveries.first)
            #expect(!Webhook.verify(captured.signature, eventID: String(Int(captured.id)! + 100), body: captured.body, secret: Array(secret.utf8)),
                    "a captured delivery replayed under another event ID fails the receiver's check")
            var bodies: [String: [UInt8]] = [:]
            for d in deliveries {
                #expect(bodies[d.id] == nil || bodies[d.id] == d.body, "a delivery sent again has the same body")
                bodies[d.id] = d.body
            }
            let order = bodies.keys.sorted { Int($0)! < Int($1)! }
            let events = try order.map { try ServiceWireEvent(json: JSONParser.parse(bodies[$0]!)) }
            let owner = { (e: ServiceWireEvent) in e.owner.map { " " + $0.checksummed } ?? "" }
            let story = events.map { $0.type + owner($0) }
            let (a4, a5) = (f.owners[0].checksummed, f.owners[1].checksummed)
            #expect(story == [
                "PENDING_MULTISIG_TRANSACTION", "NEW_CONFIRMATION \(a4)", "NEW_CONFIRMATION \(a5)",
                "EXECUTED_MULTISIG_TRANSACTION", "OUTGOING_ETHER", "INCOMING_ETHER", "INCOMING_TOKEN",
                "PENDING_MULTISIG_TRANSACTION", "NEW_CONFIRMATION \(a4)", "DELETED_MULTISIG_TRANSACTION",
                "MESSAGE_CREATED", "MESSAGE_CONFIRMATION \(a4)", "MESSAGE_CONFIRMATION \(a5)",
            ], "\(story)")
            #expect(events.allSatisfy { $0.address == f.safe && $0.chainID == devnet.chainID })
            if story.count == 13 {
                #expect(events[0].safeTxHash == hash && events[3].safeTxHash == hash && events[3].failed == false
                        && events[3].txHash == executed.transaction.hash)
                #expect(events[4].value == SafeFixture.ether && events[4].txHash == executed.transaction.hash)
                #expect(events[5].value == 3 && events[6].value == 7 && events[6].tokenAddress == devnet.testToken)
                #expect(events[9].safeTxHash == laterHash && events[10].messageHash == messageHash)
            }

            // The stream replays the same events, with their IDs and types.
            let stream = Process()
            stream.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            stream.arguments = ["-sN", "--max-time", "2", url.absoluteString + "/api/v1/events?after=0"]
            let out = Pipe()
            stream.standardOutput = out
            try stream.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            stream.waitUntilExit()
            let ids = text.split(separator: "\n").filter { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
            let types = text.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
            #expect(ids == order && types == events.map(\.type), "\(text.prefix(400))")
            let metrics = try await LiveNetwork.shared.send(HTTPRequest(method: "GET", url: URL(string: url.absoluteString + "/metrics")!))
            #expect(metrics.bodyText.contains("bifrost_serve_outbox_depth 0\n") && metrics.bodyText.contains("bifrost_serve_webhook_dead_letters 0\n"))
        }

        @Test("a wallet follows the server's event stream: a signed proposal and a confirmation made over HTTP arrive as notices for the Safe, in order; a service without a stream ends it")
        func walletFollowsEvents() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain))
            defer { server.stop() }
            let notices = try await f.second.services.dispatcher.dispatch(FollowServiceEvents(service: SafeServiceEndpoint(url: server.url, apiKey: nil),
                                                                                                after: "0"))
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[0], value: 1, nonce: 0)
            let posted = try await server.send("POST", "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/",
                                               try ServingCoSigner.proposal(tx, signedBy: devnet.accounts[4].key))
            try #require(posted.status == 201, "\(posted.json)")
            let hash = try tx.hash()
            let signature = try SafeSignature.sign(safeTxHash: hash, with: devnet.accounts[5].key).bytes
            let confirmed = try await server.send("POST", "/api/v1/multisig-transactions/\(Hex.encode(hash))/confirmations/",
                                                  #"{"signature": "\#(Hex.encode(signature))"}"#)
            try #require(confirmed.status == 201, "\(confirmed.json)")

            let reader = Task { () -> [ServiceEventNotice] in
                var read: [ServiceEventNotice] = []
                for await notice in notices {
                    read.append(notice)
                    if read.count == 3 { break }
                }
                return read
            }
            let deadline = Task {
                try await Task.sleep(for: .seconds(20))
                reader.cancel()
            }
            let read = await reader.value
            deadline.cancel()
            #expect(read.map(\.type) == ["PENDING_MULTISIG_TRANSACTION", "NEW_CONFIRMATION", "NEW_CONFIRMATION"], "\(read)")
            #expect(read.allSatisfy { $0.safe == f.safe } && read.compactMap { $0.id.flatMap { Int($0) } } == read.compactMap { $0.id.flatMap { Int($0) } }.sorted()
                    && Set(read.compactMap(\.id)).count == 3, "\(read)")

            // A service with no event stream (the official one answers 404) ends the notices instead of asking forever.
            let none = try await f.second.services.dispatcher.dispatch(FollowServiceEvents(
                service: SafeServiceEndpoint(url: server.url.appendingPathComponent("no/such"), apiKey: nil)))
            let started = ContinuousClock.now
            let ended = Task { () -> Int in
                var count = 0
                for await _ in none { count += 1 }
                return count
            }
            let stop = Task {
                try await Task.sleep(for: .seconds(20))
                ended.cancel()
            }
            #expect(await ended.value == 0)
            stop.cancel()
            #expect(started.duration(to: .now) < .seconds(10), "it ended on the 404, not at the test's deadline")
        }

        static func send(_ url: URL, _ method: String, _ path: String, _ body: String) async throws -> HTTPResponse {
            try await LiveNetwork.shared.send(HTTPRequest(method: method, url: URL(string: url.absoluteString + path)!,
                                                          headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
        }

        static func wait(_ what: String, seconds: Int = 60, until done: () -> Bool) async throws {
            for _ in 0..<(seconds * 10) {
                if done() { return }
                try await Task.sleep(for: .milliseconds(100))
            }
            Issue.record("gave up waiting for \(what)")
        }
    }
}
