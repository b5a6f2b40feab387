@testable import BifrostCLI
import BifrostServer
import BigInt
import CoSigning
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// The co-signing server's state against the chain and under load: the follower marks what ran
    /// and what it replaced, resuming after a restart; 32 clients confirming at once lose nothing.
    @Suite("Integration: the co-signing server follows the chain and holds under concurrent writes")
    struct CoSigningFollowerTests {
        let devnet = Devnet.shared!

        /// A new SQLite file, and the PostgreSQL test server when scripts/test started one.
        static var databases: [CoSigningDatabase] {
            let sqlite = CoSigningDatabase.sqlite(path: FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).sqlite").path)
            let postgres = ProcessInfo.processInfo.environment["BIFROST_TEST_POSTGRES"].flatMap { try? CoSigningDatabase(parsing: $0) }
            return [sqlite] + (postgres.map { [$0] } ?? [])
        }

        static func remove(_ database: CoSigningDatabase) {
            guard case .sqlite(let path) = database else { return }
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }

        @Test("executed with its transaction hash, the other nonce-0 proposal replaced, nonce 1 left pending; a restarted server resumes after the last block read",
              arguments: Self.databases)
        func followsExecutions(_ database: CoSigningDatabase) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            defer { Self.remove(database) }
            let before = try await f.first.services.serving(database: database, chain: f.first.chain)
            let owner = devnet.accounts[4].key

            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: f.owners[2], value: 11, data: [], operation: .call), chain: f.first.chain))
            let rival = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[2], value: 12, nonce: 0)
            let later = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[2], value: 13, nonce: 1)
            var firstRead: Date?
            for tx in [entry.transaction, rival, later] {
                let hash = try tx.hash()
                _ = try await before.dispatch(ProposeServedTransaction(CoSigningProposal(fields: tx, statedHash: hash, sender: owner.address,
                                                             signature: try SafeSignature.sign(safeTxHash: hash, with: owner).bytes, origin: nil)))
                let served = try await before.storage.servedSafes(chainID: devnet.chainID).first { $0.address == f.safe }
                firstRead = firstRead ?? served?.readAt
                #expect(served?.readAt == firstRead, "an unchanged Safe is stored once, not again with every proposal")
            }
            let first = try await before.dispatch(FollowServedChain())
            #expect(first.executed == 0 && first.replaced == 0)
            let firstEnd = try #require(first.blocks?.upperBound)

            // The server is down while the transaction runs; a new one on the same file takes over.
            let result = try await f.signAndExecute(entry)
            #expect(result.success == true)
            let after = try await f.first.services.serving(database: database, chain: f.first.chain)
            let follower = after
            let resumed = try await follower.dispatch(FollowServedChain())
            #expect(resumed.blocks?.lowerBound == firstEnd + 1, "resumes after the last block read, not at the head")
            #expect(resumed.executed == 1 && resumed.replaced == 1)

            let executed = try await after.dispatch(ServedTransactionLookup(safeTxHash: entry.safeTxHash))
            #expect(executed.isExecuted && executed.isSuccessful == true && executed.executionHash == result.transaction.hash)
            #expect(try await after.dispatch(ServedTransactionLookup(safeTxHash: try rival.hash())).status == .replaced)
            let pending = try await after.dispatch(ServedTransactionLookup(safeTxHash: try later.hash()))
            #expect(!pending.isExecuted && pending.status == .queued)
            #expect(try await after.storage.servedSafes(chainID: devnet.chainID).first { $0.address == f.safe }?.nonce == 1, "the Safe is read again")

            let again = try await follower.dispatch(FollowServedChain())
            #expect(again.executed == 0 && again.replaced == 0, "each mark is made once")
        }

        @Test("an inner call that fails (ExecutionFailure) is marked executed and unsuccessful, with its transaction hash, and the nonce moves on")
        func followsFailedExecution() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let service = try await f.first.services.serving(inMemory: true, chain: f.first.chain)
            let (owner4, owner5) = (devnet.accounts[4].key, devnet.accounts[5].key)
            // A threshold above the owner count makes the Safe's own call revert (GS201); with
            // safeTxGas set, the Safe pays for the attempt and emits ExecutionFailure instead of reverting.
            let raiseThreshold = try FunctionSignature("changeThreshold(uint256)").encodeCall([.uint(5)])
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.safe, value: 0, data: raiseThreshold,
                            safeTxGas: 100_000, nonce: 0)
            let hash = try tx.hash()
            let signatures = try [owner4, owner5].map { try SafeSignature.sign(safeTxHash: hash, with: $0) }
            _ = try await service.dispatch(ProposeServedTransaction(CoSigningProposal(fields: tx, statedHash: hash, sender: owner4.address,
                                                          signature: signatures[0].bytes, origin: nil)))
            let follower = service
            _ = try await follower.dispatch(FollowServedChain())

            // Sent by hand: Bifrost's own execute simulates first and refuses a call the Safe reports failing.
            let calldata = try tx.execTransactionCall(signatures: SafeSignature.pack(signatures.sorted { $0.owner < $1.owner }))
            let sent = try await f.first.services.dispatcher.dispatch(SendTransaction(
                keyName: "owner4", transfer: .contractCall(to: f.safe, value: 0, data: calldata), chain: f.first.chain,
                wait: true, password: { "pw" }))
            #expect(sent.receipt?.status == true, "the outer transaction succeeds; only the Safe's inner call failed")

            let report = try await follower.dispatch(FollowServedChain())
            #expect(report.executed == 1)
            let failed = try await service.dispatch(ServedTransactionLookup(safeTxHash: hash))
            #expect(failed.isExecuted && failed.isSuccessful == false && failed.executionHash == sent.transaction.hash)
            #expect(try await service.storage.servedSafes(chainID: devnet.chainID).first { $0.address == f.safe }?.nonce == 1,
                    "a failed execution still spends the nonce")
        }

        @Test("/metrics of a server that follows the chain: the follower's block reaches the node's head, and requests are counted by route")
        func metrics() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain),
                                                   settings: ServeSettings(port: 0, followEvery: .milliseconds(100)))
            defer { server.stop() }
            let head = try await f.remote().blockNumber()
            #expect(try await server.send("GET", "/health").status == 200)
            var followed: BigUInt?
            for _ in 0..<100 {
                let response = try await LiveNetwork.shared.send(HTTPRequest(method: "GET", url: server.url.appendingPathComponent("metrics")))
                let text = String(decoding: response.body, as: UTF8.self)
                followed = text.split(separator: "\n").first { $0.hasPrefix("bifrost_serve_follower_block ") }
                    .flatMap { BigUInt(String($0.split(separator: " ")[1])) }
                if let followed, followed >= head {
                    #expect(text.contains("bifrost_serve_requests_total{method=\"GET\",route=\"/health\",status=\"200\"} 1\n"), "\(text)")
                    #expect(text.contains("bifrost_serve_follower_failures_total 0\n"), "\(text)")
                    break
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(followed.map { $0 >= head } == true, "the follower reached block \(head): \(String(describing: followed))")
        }

        @Test("the Safe cache follows the chain: once the follower has read an owner's removal, that owner's confirmation is refused")
        func cacheFollowsOwnerChanges() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let service = try await f.first.services.serving(inMemory: true, chain: f.first.chain)
            let (owner4, owner5, owner6) = (devnet.accounts[4].key, devnet.accounts[5].key, devnet.accounts[6].key)
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[0], value: 21, nonce: 1)
            let hash = try tx.hash()
            _ = try await service.dispatch(ProposeServedTransaction(CoSigningProposal(fields: tx, statedHash: hash, sender: owner4.address,
                                                         signature: try SafeSignature.sign(safeTxHash: hash, with: owner4).bytes, origin: nil)))
            let follower = service
            _ = try await follower.dispatch(FollowServedChain())
            let removal = try await f.run(.removeOwner(f.owners[2], threshold: 2))
            #expect(removal.success == true)
            let seen = try await follower.dispatch(FollowServedChain())
            #expect(seen.executed == 0, "the removal went through the homes, not this server")
            await #expect(throws: CoSigningRefusal.self, "owner 6 was removed on chain") {
                try await service.dispatch(ConfirmServedTransaction(safeTxHash: hash, signature: try SafeSignature.sign(safeTxHash: hash, with: owner6).bytes))
            }
            let confirmed = try await service.dispatch(ConfirmServedTransaction(safeTxHash: hash, signature: try SafeSignature.sign(safeTxHash: hash, with: owner5).bytes))
            #expect(Set(confirmed.signatures.map(\.owner)) == [owner4.address, owner5.address])
        }

        @Test("32 clients confirm the same 4 transactions at once through HTTP: every owner's confirmation is stored exactly once",
              arguments: Self.databases)
        func concurrentConfirmations(_ database: CoSigningDatabase) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            defer { Self.remove(database) }
            let server = try await ServingCoSigner(try await f.first.services.serving(database: database, chain: f.first.chain))
            defer { server.stop() }
            let keys = [4, 5, 6].map { devnet.accounts[$0].key }
            var hashes: [[UInt8]] = []
            for nonce in 0..<4 {
                let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[0], value: BigUInt(nonce + 1), nonce: BigUInt(nonce))
                hashes.append(try tx.hash())
                let posted = try await server.send("POST", "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/",
                                                   try ServingCoSigner.proposal(tx, signedBy: keys[0]))
                try #require(posted.status == 201)
            }
            // 32 clients: each confirms every transaction with one of the three owners' keys, so
            // every (transaction, owner) pair is sent by 10 or 11 clients at the same time.
            let targets = hashes
            let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
                for client in 0..<32 {
                    group.addTask {
                        var seen: [Int] = []
                        for hash in targets.shuffled() {
                            let signature = try SafeSignature.sign(safeTxHash: hash, with: keys[client % 3])
                            let answer = try await server.send("POST", "/api/v1/multisig-transactions/\(Hex.encode(hash))/confirmations/",
                                                               #"{"signature": "\#(Hex.encode(signature.bytes))"}"#)
                            seen.append(answer.status)
                        }
                        return seen
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(statuses.count == 128 && statuses.allSatisfy { $0 == 201 }, "\(Dictionary(grouping: statuses) { $0 }.mapValues(\.count))")
            for hash in hashes {
                let got = try await server.send("GET", "/api/v2/multisig-transactions/\(Hex.encode(hash))/")
                let owners = got.json["confirmations"]?.arrayValue?.compactMap { $0["owner"]?.stringValue } ?? []
                #expect(owners.count == 3 && Set(owners) == Set(keys.map(\.address.checksummed)), "\(owners)")
            }
        }
    }
}
