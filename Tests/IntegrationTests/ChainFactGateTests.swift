import BigInt
import Foundation
import Networking
import Services
import Storage
import Testing

extension OnDevnet {
    /// Issue 38, finding 1: a node answers `eth_getLogs` with whatever it likes. A log counts only
    /// as a fact about the contract that logged it, and only while the node has not taken it back;
    /// an executed mark the Safe's nonce does not bear out is taken back by the next honest read.
    @Suite("Integration: chain facts pass one gate")
    struct ChainFactGateTests {
        let devnet = Devnet.shared!

        /// An `ExecutionSuccess` log as `version` writes it, claiming `safeTxHash`, logged by `address`.
        static func executionLog(_ safeTxHash: [UInt8], by address: Address, version: SafeVersion, block: BigUInt, removed: Bool) -> [String: Any] {
            let topic = Hex.encode(SafeEvents.executionSuccess), payment = String(repeating: "0", count: 64)
            // 1.3.0 keeps the hash in the data; 1.4.1 and 1.5.0 index it.
            let indexed = version >= .v1_4_1
            return [
                "address": address.checksummed, "topics": indexed ? [topic, Hex.encode(safeTxHash)] : [topic],
                "data": "0x" + (indexed ? "" : String(Hex.encode(safeTxHash).dropFirst(2))) + payment,
                "blockNumber": "0x" + String(block, radix: 16), "blockHash": "0x" + String(repeating: "ab", count: 32),
                "transactionHash": "0x" + String(repeating: "cd", count: 32), "transactionIndex": "0x0", "logIndex": "0x7", "removed": removed,
            ]
        }

        @Test("a lying node's ExecutionSuccess logs for another Safe's queued transaction (from a stranger, from the Safe asked about, removed) mark nothing; an honest read takes back a mark an older release kept",
              arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
        func forgedExecutionLogs(version: SafeVersion) async throws {
            // Given Safe A with an execution on chain, and Safe B of the same owners with a queued transaction
            let a = try await SafeFixture(devnet: devnet, version: version)
            defer { a.remove() }
            try await a.run(.call(to: a.owners[2], value: 3, data: [], operation: .call))
            let d = a.first.services.dispatcher
            let b = try await d.dispatch(DeploySafe(keyName: "owner4", owners: a.owners, threshold: 2, saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)),
                                                    version: version, chain: a.first.chain, wait: true, password: { "pw" })).safe
            let queued = try await d.dispatch(ProposeSafeTransaction(safe: b, intent: .call(to: a.owners[1], value: 7, data: [], operation: .call),
                                                                     chain: a.first.chain))
            let head = try await a.remote().blockNumber()
            let forged = a.first.home.appendingPathComponent("forged-logs.json")
            let proxy = try FaultProxy(upstream: devnet.rpcURL, options: ["--forge-logs", forged.path])
            defer { proxy.stop() }
            _ = try await d.dispatch(AddNetwork(name: "liar", rpcURL: proxy.url, chainID: nil, deployments: devnet.deploymentsJSON))
            let liar = ChainSelection(networkName: "liar")
            let storage = SafeStorage(database: try AppDatabase.open(home: BifrostHome(url: a.first.home)))

            // When the node adds forged executions of B's transaction to every log query
            let stranger = PrivateKey.generate().address
            let lies: [(asked: Address, log: [String: Any])] = [
                (a.safe, Self.executionLog(queued.safeTxHash, by: stranger, version: version, block: head, removed: false)),
                (a.safe, Self.executionLog(queued.safeTxHash, by: a.safe, version: version, block: head, removed: false)),
                (b, Self.executionLog(queued.safeTxHash, by: b, version: version, block: head, removed: true)),
            ]
            for (asked, log) in lies {
                try JSONSerialization.data(withJSONObject: [log]).write(to: forged)
                let history = try await d.dispatch(SafeHistoryQuery(safe: asked, chain: liar))
                _ = try await d.dispatch(SafeHomeQuery(safe: asked, chain: liar))
                // Then B's transaction stays queued; a log A itself wrote is A's history, never B's record
                let stored = try #require(try await storage.transaction(safeTxHash: queued.safeTxHash))
                #expect(stored.status == .queued && stored.executionHash == nil, "\(version), asked about \(asked == b ? "B" : "A"): \(stored.status)")
                let forgedItem = history.first { $0.safeTxHash == queued.safeTxHash }
                #expect(forgedItem == nil || (log["address"] as? String == a.safe.checksummed && forgedItem?.entry == nil))
            }
            #expect(try await proxy.stats()["forged"] ?? 0 >= 3, "the node did lie")

            // Given a wrong executed mark, as a release before the gate kept it
            try await storage.save(queued.with(status: .executed, executionHash: [UInt8](repeating: 0xcd, count: 32), updatedAt: Date()))
            // When the queue is read from an honest node, Then the Safe's nonce takes the mark back, and signing works again
            let queue = try await d.dispatch(SafeQueueQuery(safe: b, chain: a.first.chain))
            #expect(queue.entries.map(\.safeTxHash) == [queued.safeTxHash])
            let signed = try await d.dispatch(SignSafeTransaction(safeTxHash: queued.safeTxHash, keyName: "owner4", password: { "pw" }))
            #expect(signed.count.confirmed == 1)
        }
    }
}
