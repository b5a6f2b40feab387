@testable import BifrostCLI
import BigInt
import CoSigning
import Foundation
import Networking
import Services
import Synchronization
import Testing

extension OnDevnet {
    /// Two `bifrost serve` processes on one PostgreSQL database, as behind a load balancer:
    /// clients alternate between them under load, the one that follows the chain is killed with
    /// SIGKILL midway, and the other carries on alone.
    @Suite("Integration: two bifrost serve processes on one PostgreSQL")
    struct CoSigningScaleOutTests {
        let devnet = Devnet.shared!

        static var postgres: String? { ProcessInfo.processInfo.environment["BIFROST_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 } }
        static var postgresRequired: Bool { ProcessInfo.processInfo.environment["BIFROST_REQUIRE_POSTGRES"] == "1" }

        /// One `bifrost serve`, its log in a file of its own.
        struct Server {
            let process: Process
            let url: URL
            let log: URL
            var text: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
            var leads: Bool { text.contains("this server now leads the chain's following") }
        }

        static func start(_ name: String, rpc: String, home: URL, database: String, options: [String]) throws -> Server {
            let log = home.appendingPathComponent("\(name).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let (process, url) = try CoSigningCrashTests.start(rpc: rpc, home: home.appendingPathComponent(name), database: database, options: options,
                                                               log: try FileHandle(forWritingTo: log))
            return Server(process: process, url: url, log: log)
        }

        @Test("every acknowledged proposal and confirmation survives; each event reaches the webhook, none twice while both run; the follower's lead passes to the survivor",
              .enabled(if: Self.postgres != nil || Self.postgresRequired))
        func twoProcesses() async throws {
            let database = try #require(Self.postgres, "BIFROST_REQUIRE_POSTGRES=1 needs BIFROST_TEST_POSTGRES")
            try #require(FileManager.default.isExecutableFile(atPath: CoSigningCrashTests.bifrost.path), "build the bifrost product first")
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("serve-two-\(UUID().uuidString)")
            for name in ["a", "b"] { try FileManager.default.createDirectory(at: home.appendingPathComponent(name), withIntermediateDirectories: true) }
            defer { try? FileManager.default.removeItem(at: home) }
            let secret = "throwaway-webhook-secret-\(UUID().uuidString)"
            let receiver = try await WebhookReceiver(secret: secret, refusing: false)
            defer { receiver.stop() }
            let hooks = home.appendingPathComponent("hooks")
            try "\(receiver.url.absoluteString) \(secret)\n".write(to: hooks, atomically: true, encoding: .utf8)
            chmod(hooks.path, 0o600)
            // A short lease, so deliveries the killed process had claimed come back within the test.
            let options = ["--follow-interval", "1", "--webhook-file", hooks.path, "--webhook-lease", "2"]
            let servers = [try Self.start("a", rpc: devnet.rpcURL, home: home, database: database, options: options),
                           try Self.start("b", rpc: devnet.rpcURL, home: home, database: database, options: options)]
            defer {
                for server in servers where server.process.isRunning { server.process.terminate(); server.process.waitUntilExit() }
            }

            // One of the two leads the following; the other stands by.
            try await CoSigningWebhookTests.wait("a leader", seconds: 20) { servers.contains(where: \.leads) }
            try await Task.sleep(for: .seconds(1.5))
            #expect(servers.filter(\.leads).count == 1, "exactly one follows the chain: \(servers.map { $0.text.suffix(400) })")
            let leader = servers.firstIndex(where: \.leads) ?? 0, survivor = 1 - leader

            // Clients alternate between the two; proposals by owner 5, each confirmed by owner 6 on the other server.
            let load = Load(servers: servers.map(\.url))
            let safe = f.safe, chainID = devnet.chainID, to = f.owners[0], (o5, o6) = (devnet.accounts[5].key, devnet.accounts[6].key)
            let clients = (0..<8).map { client in
                Task { () -> [(hash: [UInt8], confirmed: Bool)] in
                    var acknowledged: [(hash: [UInt8], confirmed: Bool)] = []
                    for n in 0..<40 {
                        let tx = SafeTx(safe: safe, chainID: chainID, version: .v1_4_1, to: to, value: BigUInt(client * 1_000 + n + 1), nonce: BigUInt(n % 5))
                        guard let hash = try? tx.hash(), let signature = try? SafeSignature.sign(safeTxHash: hash, with: o5),
                              let second = try? SafeSignature.sign(safeTxHash: hash, with: o6),
                              let body = try? ServingCoSigner.proposal(tx, sender: o5.address, signature: signature.bytes) else { break }
                        let first = client + n
                        guard await load.post(first, "/api/v2/safes/\(safe.checksummed)/multisig-transactions/", body) else { continue }
                        let confirmed = await load.post(first + 1, "/api/v1/multisig-transactions/\(Hex.encode(hash))/confirmations/",
                                                        #"{"signature": "\#(Hex.encode(second.bytes))"}"#)
                        acknowledged.append((hash, confirmed))
                    }
                    return acknowledged
                }
            }
            // The leader dies midway, while the clients write: once 120 writes are acknowledged and
            // 60 deliveries made (both processes sending), with more of each under way.
            try await CoSigningWebhookTests.wait("120 acknowledged writes and 60 deliveries", seconds: 60) {
                load.acknowledged >= 120 && receiver.deliveries.count >= 60
            }
            let bothUp = receiver.deliveries, atKill = load.acknowledged
            kill(servers[leader].process.processIdentifier, SIGKILL)
            servers[leader].process.waitUntilExit()
            load.down(leader)
            let killed = ContinuousClock.now
            #expect(servers[leader].process.terminationReason == .uncaughtSignal)
            #expect(Set(bothUp.map(\.id)).count == bothUp.count, "\(bothUp.count - Set(bothUp.map(\.id)).count) of \(bothUp.count) events delivered twice while both ran")

            // The survivor takes over the following within seconds (it tries every second), while the clients go on.
            try await CoSigningWebhookTests.wait("the survivor to lead", seconds: 15) { servers[survivor].leads }
            let takeover = killed.duration(to: .now)
            #expect(takeover < .seconds(5), "taken over in \(takeover)")
            var acknowledged: [(hash: [UInt8], confirmed: Bool)] = []
            for client in clients { acknowledged += await client.value }
            #expect(load.acknowledged >= atKill + 100, "\(load.acknowledged) writes acknowledged, \(atKill) of them before the kill: the survivor carried the load")

            // What the chain does next, the new leader announces.
            let sent = try await f.first.services.dispatcher.dispatch(SendTransaction(
                keyName: "owner4", transfer: .ether(to: f.safe, wei: 7), chain: f.first.chain, wait: true, password: { "pw" }))

            // Nothing acknowledged is lost: each proposal is there, with its confirmation when that was acknowledged.
            var missing: [String] = []
            for (hash, confirmed) in acknowledged {
                let answer = try await CoSigningWebhookTests.send(servers[survivor].url, "GET", "/api/v2/multisig-transactions/\(Hex.encode(hash))/", "")
                let count = (try? JSONParser.parse(answer.body))?["confirmations"]?.arrayValue?.count ?? 0
                if answer.status != 200 || count < (confirmed ? 2 : 1) { missing.append(Hex.encode(hash)) }
            }
            #expect(missing.isEmpty, "\(missing.count) of \(acknowledged.count) acknowledged proposals lost or without their confirmation")

            // Each of their events reaches the receiver (again after the lease, if the killed process had claimed it), signed.
            let expected = Set(acknowledged.flatMap { entry in
                ["PENDING_MULTISIG_TRANSACTION \(Hex.encode(entry.hash))"] + (entry.confirmed ? ["NEW_CONFIRMATION \(Hex.encode(entry.hash))"] : [])
            } + ["INCOMING_ETHER \(Hex.encode(sent.transaction.hash))"])
            var delivered = Set<String>()
            try await CoSigningWebhookTests.wait("every event delivered", seconds: 20) {
                delivered = Set(receiver.deliveries.compactMap { Self.key($0, safe: safe, confirmer: o6.address) })
                return expected.isSubset(of: delivered)
            }
            #expect(expected.subtracting(delivered).isEmpty, "\(expected.subtracting(delivered).count) of \(expected.count) events never delivered")
            #expect(receiver.deliveries.allSatisfy { $0.signed }, "every delivery is signed with the secret")
            servers[survivor].process.terminate()
            servers[survivor].process.waitUntilExit()
            await Self.forgetWebhooks(database)
        }

        /// An event of `safe` as "TYPE HASH": the transaction's hash, or the transfer's transaction hash; nil for another Safe's.
        static func key(_ delivery: WebhookReceiver.Delivery, safe: Address, confirmer: Address) -> String? {
            guard let json = try? JSONParser.parse(delivery.body), json["address"]?.stringValue?.lowercased() == safe.checksummed.lowercased() else { return nil }
            if delivery.type == "NEW_CONFIRMATION", json["owner"]?.stringValue?.lowercased() != confirmer.checksummed.lowercased() { return nil }
            guard let hash = json["safeTxHash"]?.stringValue ?? json["txHash"]?.stringValue else { return nil }
            return "\(delivery.type) \(hash.lowercased())"
        }

        /// Leaves the shared database's default schema without this test's webhook, so no later run queues events for it.
        static func forgetWebhooks(_ database: String) async {
            guard let storage = try? await CoSigningDatabase(parsing: database).open() else { return }
            try? await storage.setWebhooks([])
            await storage.shutdown()
        }
    }
}

/// The two servers as a load balancer sees them: a request goes to the one its turn names, or to
/// the other when that one is down; counts what was acknowledged.
private final class Load: Sendable {
    let servers: [URL]
    private let downed = Atomic<Int>(-1)
    private let count = Atomic<Int>(0)

    init(servers: [URL]) { self.servers = servers }

    var acknowledged: Int { count.load(ordering: .relaxed) }

    func down(_ index: Int) { downed.store(index, ordering: .relaxed) }

    /// POSTs `body` to `path` on server `turn % 2` (the other if that one is down); true when answered 201.
    func post(_ turn: Int, _ path: String, _ body: String) async -> Bool {
        var index = turn % servers.count
        if downed.load(ordering: .relaxed) == index { index = 1 - index }
        let request = HTTPRequest(method: "POST", url: URL(string: servers[index].absoluteString + path)!,
                                  headers: ["Content-Type": "application/json"], body: Array(body.utf8), retryable: false)
        guard let response = try? await LiveNetwork.shared.send(request), response.status == 201 else { return false }
        count.add(1, ordering: .relaxed)
        return true
    }
}
