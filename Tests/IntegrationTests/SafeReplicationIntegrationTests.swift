import BigInt
import Foundation
import Networking
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// The same Safe on a second chain, and a Safe used before it exists, on two local chains with different chain IDs.
    @Suite("Integration: a Safe replicated on another chain, and a counterfactual Safe",
           .enabled(if: Devnet.second != nil, "set BIFROST_DEVNET2_DEPLOYMENTS (scripts/test does)"))
    struct SafeReplicationIntegrationTests {
        let devnet = Devnet.shared!
        let other = Devnet.second!
        static let ether = SafeFixture.ether
        let chainB = ChainSelection(networkName: "devnet2")

        /// `wallet` knows the second chain as "devnet2".
        func addSecondChain(_ wallet: TestWallet) async throws {
            _ = try await wallet.services.dispatcher.dispatch(AddNetwork(name: "devnet2", rpcURL: other.rpcURL, chainID: nil, deployments: other.deploymentsJSON))
        }

        func balance(_ who: Address, _ wallet: TestWallet, _ chain: ChainSelection) async throws -> BigUInt {
            try await wallet.services.dispatcher.dispatch(FetchBalances(address: who, tokens: [], chain: chain)).ether.wei
        }

        @Test("replicated on chain B: the same address, owners and threshold; ether sent there arrives, and a transaction executes there")
        func replicate() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let w = f.first
            try await addSecondChain(w)
            _ = try await w.importDevKey(devnet, index: 5, name: "owner5")
            let d = w.services.dispatcher
            let planned = try await d.dispatch(ReplicateSafe(safe: f.safe, source: w.chain, target: chainB, keyName: nil, wait: false, password: { "pw" }))
            #expect(planned.transaction == nil && planned.sourceChainID == devnet.chainID && planned.targetChainID == other.chainID)

            let replica = try await d.dispatch(ReplicateSafe(safe: f.safe, source: w.chain, target: chainB, keyName: "owner4", wait: true, password: { "pw" }))
            let state = try #require(replica.state)
            #expect(state.safe.address == f.safe && state.safe.chainID == other.chainID && state.safe.isDeployed)
            #expect(state.safe.owners == f.owners && state.safe.threshold == 2 && state.safe.nonce == 0)

            // Funds on both chains, each its own.
            _ = try await d.dispatch(SendTransaction(keyName: "owner4", transfer: .ether(to: f.safe, wei: Self.ether), chain: chainB, wait: true, password: { "pw" }))
            #expect(try await d.dispatch(SafeInfoQuery(address: f.safe, chain: chainB)).balance.wei == Self.ether)
            #expect(try await f.info().balance.wei == 10 * Self.ether)

            // A payment on chain B, signed by two owners and executed there.
            let to = PrivateKey.generate().address
            let entry = try await d.dispatch(ProposeSafeTransaction(safe: f.safe, intent: .call(to: to, value: Self.ether / 4, data: [], operation: .call), chain: chainB))
            #expect(entry.transaction.chainID == other.chainID && entry.transaction.nonce == 0)
            for key in ["owner4", "owner5"] { _ = try await d.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: key, password: { "pw" })) }
            let executed = try await d.dispatch(ExecuteSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", chain: chainB, wait: true, password: { "pw" }))
            #expect(executed.success == true)
            #expect(try await balance(to, w, chainB) == Self.ether / 4)
            #expect(try await d.dispatch(SafeInfoQuery(address: f.safe, chain: chainB)).safe.nonce == 1)
            #expect(try await f.info().safe.nonce == 0)

            // Once there, it is not deployed again.
            await #expect(throws: SafeReplicationRefusal.alreadyDeployed(f.safe)) {
                try await d.dispatch(ReplicateSafe(safe: f.safe, source: w.chain, target: chainB, keyName: nil, wait: false, password: { "pw" }))
            }
        }

        @Test("a Safe whose threshold changed since creation is refused with the reason, by the command line too")
        func changedSetupRefused() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            try await f.run(.changeThreshold(1))
            try await addSecondChain(f.first)
            await #expect(throws: SafeReplicationRefusal.setupChanged(original: f.owners, originalThreshold: 2, current: f.owners, currentThreshold: 1)) {
                try await f.first.services.dispatcher.dispatch(ReplicateSafe(safe: f.safe, source: f.first.chain, target: chainB, keyName: nil, wait: false,
                                                                             password: { "pw" }))
            }
            let (status, out) = try await OnDevnet.ConfirmationRuleTests.bifrost(
                ["--network", "devnet", "safe", "replicate", f.safe.checksummed, "--to-network", "devnet2", "--dry-run"], home: f.first.home, withErrors: true)
            #expect(status != 0)
            #expect(out.contains("replays the original setup"), "\(out)")
            // Nothing was deployed on chain B.
            let remoteB = EthereumRemote(rpc: JSONRPCClient(network: LiveNetwork.shared, endpoint: try RPCEndpoint(other.rpcURL)))
            #expect(try await remoteB.code(at: f.safe).isEmpty)
        }

        @Test("a counterfactual Safe receives ether before it exists; its first transaction deploys it and pays in one Ethereum transaction")
        func counterfactual() async throws {
            let w = try await TestWallet(devnet: devnet)
            defer { w.remove() }
            let o4 = try await w.importDevKey(devnet, index: 4, name: "owner4")
            let o5 = try await w.importDevKey(devnet, index: 5, name: "owner5")
            _ = try await w.importDevKey(devnet, index: 7, name: "payer")
            let d = w.services.dispatcher
            let (status, out) = try await OnDevnet.ConfirmationRuleTests.bifrost(
                ["--network", "devnet", "safe", "create", "--counterfactual", "--owners", "\(o4.checksummed),\(o5.checksummed)", "--threshold", "2",
                 "--name", "later", "--json"], home: w.home, withErrors: true)
            #expect(status == 0, "\(out)")
            let printed = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            #expect(printed["status"] as? String == "not deployed")
            let safe = try Address(try #require(printed["safe"] as? String))
            let remote = EthereumRemote(rpc: JSONRPCClient(network: LiveNetwork.shared, endpoint: try RPCEndpoint(devnet.rpcURL)))
            #expect(try await remote.code(at: safe).isEmpty)

            _ = try await d.dispatch(SendTransaction(keyName: "payer", transfer: .ether(to: safe, wei: 2 * Self.ether), chain: w.chain, wait: true, password: { "pw" }))
            let before = try await d.dispatch(SafeInfoQuery(address: safe, chain: w.chain))
            #expect(!before.safe.isDeployed && before.balance.wei == 2 * Self.ether)
            #expect(before.safe.owners == [o4, o5] && before.safe.threshold == 2 && before.safe.nonce == 0 && before.safe.name == "later")
            let home = try await d.dispatch(SafeHomeQuery(safe: safe, chain: w.chain))
            #expect(!home.state.safe.isDeployed && home.state.balance.wei == 2 * Self.ether)

            let to = PrivateKey.generate().address
            let entry = try await d.dispatch(ProposeSafeTransaction(safe: safe, intent: .call(to: to, value: Self.ether / 2, data: [], operation: .call), chain: w.chain))
            #expect(entry.transaction.nonce == 0 && entry.transaction.chainID == devnet.chainID)
            let review = try await d.dispatch(ReviewSafeTransaction(safeTxHash: entry.safeTxHash, chain: w.chain))
            #expect(review.simulation == .succeeds)
            guard case .unavailable(let why) = review.effect else { Issue.record("an after-state for a Safe with no code: \(review.effect)"); return }
            #expect(why.contains("not deployed yet"))
            for key in ["owner4", "owner5"] { _ = try await d.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: key, password: { "pw" })) }

            let executed = try await d.dispatch(ExecuteSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "payer", chain: w.chain, wait: true, password: { "pw" }))
            #expect(executed.success == true && executed.entry.status == .executed)
            let contracts = try #require(devnet.safeVersions[.v1_4_1])
            #expect(executed.transaction.to == contracts.multiSendCallOnly)
            let receipt = try #require(try await remote.transactionReceipt(hash: executed.transaction.hash))
            #expect(receipt.logs.contains { $0.address == safe } && receipt.logs.contains { $0.address == contracts.safeProxyFactory })
            #expect(!(try await remote.code(at: safe)).isEmpty)
            #expect(try await balance(to, w, w.chain) == Self.ether / 2)
            let after = try await d.dispatch(SafeInfoQuery(address: safe, chain: w.chain))
            #expect(after.safe.isDeployed && after.safe.nonce == 1 && after.balance.wei == 3 * Self.ether / 2)
            #expect(after.safe.owners == [o4, o5] && after.safe.threshold == 2)
            #expect(try await d.dispatch(ListSafes()).first { $0.address == safe }?.isDeployed == true)

            // Deployed through MultiSendCallOnly, its creation is still read: it can be replicated on chain B.
            try await addSecondChain(w)
            let replica = try await d.dispatch(ReplicateSafe(safe: safe, source: w.chain, target: chainB, keyName: nil, wait: false, password: { "pw" }))
            let salt = try #require(printed["saltNonce"] as? String)
            #expect(replica.safe == safe && replica.deployment.saltNonce == BigUInt(salt, radix: 10))
        }

        @Test("a counterfactual Safe that someone else deployed reads as deployed: its address has code")
        func deployedElsewhere() async throws {
            let w = try await TestWallet(devnet: devnet), other = try await TestWallet(devnet: devnet)
            defer { w.remove(); other.remove() }
            _ = try await other.importDevKey(devnet, index: 7, name: "payer")
            let owners = [PrivateKey.generate().address, PrivateKey.generate().address], salt = BigUInt(UInt64.random(in: 0...UInt64.max))
            let planned = try await w.services.dispatcher.dispatch(CreateCounterfactualSafe(owners: owners, threshold: 1, saltNonce: salt, chain: w.chain))
            #expect(!planned.safe.isDeployed)
            let deployed = try await other.services.dispatcher.dispatch(DeploySafe(
                keyName: "payer", owners: owners, threshold: 1, saltNonce: salt, chain: other.chain, wait: true, password: { "pw" }))
            #expect(deployed.safe == planned.safe.address)
            let read = try await w.services.dispatcher.dispatch(SafeInfoQuery(address: planned.safe.address, chain: w.chain))
            #expect(read.safe.isDeployed && read.safe.owners == owners && read.safe.threshold == 1)
            #expect(try await w.services.dispatcher.dispatch(ListSafes()).first?.isDeployed == true)
        }

        @Test("a counterfactual Safe's first two transactions execute as one batch: the deployment, then both, in one Ethereum transaction")
        func counterfactualBatch() async throws {
            let w = try await TestWallet(devnet: devnet)
            defer { w.remove() }
            let o4 = try await w.importDevKey(devnet, index: 4, name: "owner4")
            _ = try await w.importDevKey(devnet, index: 7, name: "payer")
            let d = w.services.dispatcher
            let state = try await d.dispatch(CreateCounterfactualSafe(owners: [o4], threshold: 1, saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)),
                                                                     chain: w.chain))
            let safe = state.safe.address
            _ = try await d.dispatch(SendTransaction(keyName: "payer", transfer: .ether(to: safe, wei: Self.ether), chain: w.chain, wait: true, password: { "pw" }))
            let to = PrivateKey.generate().address
            var hashes: [[UInt8]] = []
            for nonce in [BigUInt(0), 1] {
                let entry = try await d.dispatch(ProposeSafeTransaction(safe: safe, intent: .call(to: to, value: 5 + nonce, data: [], operation: .call),
                                                                        nonce: nonce, chain: w.chain))
                _ = try await d.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", password: { "pw" }))
                hashes.append(entry.safeTxHash)
            }
            let result = try await d.dispatch(ExecuteSafeBatch(safeTxHashes: hashes, keyName: "payer", chain: w.chain, wait: true, password: { "pw" }))
            #expect(result.success == true && result.entries.allSatisfy { $0.status == .executed })
            #expect(try await balance(to, w, w.chain) == 11)
            let after = try await d.dispatch(SafeInfoQuery(address: safe, chain: w.chain))
            #expect(after.safe.isDeployed && after.safe.nonce == 2)
        }
    }
}
