import BigInt
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// Every Safe command through a provider at its worst gives what the chain itself gives.
    @Suite("Integration: through a faulty provider")
    struct FaultyProviderTests {
        let devnet = Devnet.shared!

        @Test("balance, safe info, history, queue and execute through a proxy that caps log ranges and batches, rate-limits, drops connections and answers slowly: the same answers as straight to the chain, in bounded time")
        func sameAnswers() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let first = f.first.services.dispatcher
            _ = try await first.dispatch(AddToken(address: devnet.testToken, chain: f.first.chain))
            try await f.run(.call(to: f.owners[2], value: 1, data: [], operation: .call))
            // A range cap of a quarter of the chain, so the history takes a few ranges however long the chain is.
            let blocks = try await f.remote().blockNumber()
            let proxy = try FaultProxy(upstream: devnet.rpcURL, options: [
                "--max-log-range", String(max(blocks / 4, 2)), "--max-batch", "4", "--rate-limit", "9", "--burst", "2",
                "--retry-after", "0.05", "--drop-every", "7", "--latency", "5",
            ])
            defer { proxy.stop() }
            // The same home, reached through the proxy with a real retry policy.
            let faulty = try AppServices.open(home: BifrostHome(url: f.first.home), lightKDF: true, http: LiveNetwork.shared,
                                              retry: RetryPolicy(deadline: .seconds(20), baseDelay: .milliseconds(20), maxDelay: .milliseconds(200)))
            _ = try await faulty.dispatcher.dispatch(AddNetwork(name: "faulty", rpcURL: proxy.url, chainID: nil, deployments: devnet.deploymentsJSON))
            let via = ChainSelection(networkName: "faulty")
            let started = ContinuousClock.now

            let direct = try await first.dispatch(FetchBalances(address: f.safe, tokens: [devnet.testToken], chain: f.first.chain))
            let proxied = try await faulty.dispatcher.dispatch(FetchBalances(address: f.safe, tokens: [devnet.testToken], chain: via))
            #expect(proxied.ether == direct.ether && proxied.tokens == direct.tokens)

            let info = try await first.dispatch(SafeInfoQuery(address: f.safe, chain: f.first.chain))
            let infoVia = try await faulty.dispatcher.dispatch(SafeInfoQuery(address: f.safe, chain: via))
            #expect(infoVia.safe.sameState(as: info.safe) && infoVia.balance == info.balance && infoVia.tokens == info.tokens)

            let history = try await first.dispatch(SafeHistoryQuery(safe: f.safe, chain: f.first.chain))
            let historyVia = try await faulty.dispatcher.dispatch(SafeHistoryQuery(safe: f.safe, chain: via))
            #expect(historyVia.map(\.safeTxHash) == history.map(\.safeTxHash) && history.count == 1)
            // The second home only added the Safe: it finds the creation block (batched eth_getCode at old blocks) and reads from there.
            let faultySecond = try AppServices.open(home: BifrostHome(url: f.second.home), lightKDF: true, http: LiveNetwork.shared,
                                                    retry: RetryPolicy(deadline: .seconds(20), baseDelay: .milliseconds(20), maxDelay: .milliseconds(200)))
            _ = try await faultySecond.dispatcher.dispatch(AddNetwork(name: "faulty", rpcURL: proxy.url, chainID: nil, deployments: devnet.deploymentsJSON))
            let historySecond = try await faultySecond.dispatcher.dispatch(SafeHistoryQuery(safe: f.safe, chain: via))
            #expect(historySecond.map(\.safeTxHash) == history.map(\.safeTxHash) && historySecond.map(\.transactionHash) == history.map(\.transactionHash))
            let home = try await faulty.dispatcher.dispatch(SafeHomeQuery(safe: f.safe, chain: via))
            #expect(home.history.map(\.safeTxHash) == history.map(\.safeTxHash) && home.historyError == nil)

            // A queued transaction signed by two owners, executed through the proxy.
            let entry = try await first.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: f.owners[2], value: 2, data: [], operation: .call), chain: f.first.chain))
            _ = try await first.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", password: { "pw" }))
            let file = try await first.dispatch(ExportSafeTransaction(safeTxHash: entry.safeTxHash))
            _ = try await f.second.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
            _ = try await f.second.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner5", password: { "pw" }))
            let signed = try await f.second.services.dispatcher.dispatch(ExportSafeTransaction(safeTxHash: entry.safeTxHash))
            _ = try await first.dispatch(ImportSafeTransaction(json: signed.json))
            let queue = try await first.dispatch(SafeQueueQuery(safe: f.safe, chain: f.first.chain)).entries
            let queueVia = try await faulty.dispatcher.dispatch(SafeQueueQuery(safe: f.safe, chain: via)).entries
            #expect(queueVia.map(\.safeTxHash) == queue.map(\.safeTxHash) && queue.map(\.safeTxHash) == [entry.safeTxHash])

            let executed = try await faulty.dispatcher.dispatch(ExecuteSafeTransaction(
                safeTxHash: entry.safeTxHash, keyName: "owner4", chain: via, wait: true, password: { "pw" }))
            #expect(executed.success == true)
            #expect(try await first.dispatch(SafeInfoQuery(address: f.safe, chain: f.first.chain)).safe.nonce == 2)

            let elapsed = ContinuousClock.now - started
            #expect(elapsed < .seconds(60), "bounded time: \(elapsed)")
            let stats = try await proxy.stats()
            for fault in ["rateLimited", "dropped", "batchesRefused", "rangesRefused"] {
                #expect((stats[fault] ?? 0) > 0, "the proxy really did \(fault): \(stats)")
            }
        }

        @Test("create, propose, review and approve through the same faulty provider: one Safe deployed, one proposal, the simulation's verdict, the approval on chain")
        func writesThroughFaults() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let proxy = try FaultProxy(upstream: devnet.rpcURL, options: [
                "--max-log-range", "50", "--max-batch", "3", "--rate-limit", "5", "--burst", "2", "--retry-after", "0.05", "--drop-every", "4",
            ])
            defer { proxy.stop() }
            let faulty = try AppServices.open(home: BifrostHome(url: f.first.home), lightKDF: true, http: LiveNetwork.shared,
                                              retry: RetryPolicy(deadline: .seconds(20), baseDelay: .milliseconds(20), maxDelay: .milliseconds(200)))
            _ = try await faulty.dispatcher.dispatch(AddNetwork(name: "faulty", rpcURL: proxy.url, chainID: nil, deployments: devnet.deploymentsJSON))
            let via = ChainSelection(networkName: "faulty")
            let d = faulty.dispatcher

            // A deployment whose broadcast answer may be lost: sent once, the Safe exists once.
            let before = try await f.remote().transactionCount(of: f.owners[0])
            let created = try await d.dispatch(DeploySafe(keyName: "owner4", owners: [f.owners[0]], threshold: 1,
                                                          saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)), version: .v1_5_0,
                                                          chain: via, wait: true, password: { "pw" }))
            #expect(created.state?.safe.version == "1.5.0" && created.state?.safe.owners == [f.owners[0]])
            #expect(try await f.remote().transactionCount(of: f.owners[0]) == before + 1, "the deployment was sent exactly once")

            let entry = try await d.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: f.owners[2], value: 3, data: [], operation: .call), chain: via))
            #expect(entry.transaction.nonce == 0)
            let review = try await d.dispatch(ReviewSafeTransaction(safeTxHash: entry.safeTxHash, chain: via))
            #expect(review.simulation == .succeeds)
            let approval = try await d.dispatch(ApproveSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", chain: via,
                                                                       wait: true, password: { "pw" }))
            #expect(approval.receipt?.status == true)
            let approved = try await f.remote().call(CallRequest(to: f.safe, data: try SafeContract.approvedHashes(owner: f.owners[0], hash: entry.safeTxHash)))
            #expect(try SafeContract.decodeUInt(approved, call: "approvedHashes") == 1)
            let stats = try await proxy.stats()
            #expect((stats["dropped"] ?? 0) > 0 && (stats["rateLimited"] ?? 0) > 0, "\(stats)")
        }
    }
}
