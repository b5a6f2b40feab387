import BigInt
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// Issue 38, finding 6: the queue said "ready" where execution refused, because a child Safe's
    /// contract signature counted whatever its inner signatures were. Now it counts once they meet
    /// the child's threshold, under the child's release, the way the chain checks it.
    @Suite("Integration: a child Safe counts at its own threshold")
    struct NestedThresholdIntegrationTests {
        let devnet = Devnet.shared!

        @Test("a 2-of-2 child with one inner signature leaves the parent's payment not ready and execution by a stranger refused before sending; with both it executes; a 1.5.0 child cannot sign for an older parent at all",
              arguments: [(SafeVersion.v1_3_0, SafeVersion.v1_5_0), (.v1_4_1, .v1_5_0), (.v1_3_0, .v1_3_0), (.v1_4_1, .v1_4_1)])
        func childThreshold(parentVersion: SafeVersion, childVersion: SafeVersion) async throws {
            // Given a 2-of-2 parent owned by a key and a 2-of-2 child Safe, and a relayer that owns neither
            let wallet = try await TestWallet(devnet: devnet)
            defer { wallet.remove() }
            let d = wallet.services.dispatcher
            let eoa = try await wallet.importDevKey(devnet, index: 1, name: "eoa")
            let inner = [try await wallet.importDevKey(devnet, index: 2, name: "inner1"), try await wallet.importDevKey(devnet, index: 3, name: "inner2")]
            _ = try await wallet.importDevKey(devnet, index: 8, name: "relayer")
            func deploy(_ owners: [Address], _ version: SafeVersion) async throws -> Address {
                try await d.dispatch(DeploySafe(keyName: "eoa", owners: owners, threshold: 2, saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)),
                                                version: version, chain: wallet.chain, wait: true, password: { "pw" })).safe
            }
            let child = try await deploy(inner, childVersion)
            let parent = try await deploy([eoa, child], parentVersion)
            _ = try await d.dispatch(SendTransaction(keyName: "eoa", transfer: .ether(to: parent, wei: 1_000_000), chain: wallet.chain, wait: true, password: { "pw" }))
            let recipient = PrivateKey.generate().address
            let entry = try await d.dispatch(ProposeSafeTransaction(safe: parent, intent: .call(to: recipient, value: 777, data: [], operation: .call),
                                                                    chain: wallet.chain))
            _ = try await d.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "eoa", password: { "pw" }))

            // A 1.5.0 child's handler answers only the bytes32 question, which a parent before 1.5.0 never asks
            let answerable = parentVersion >= .v1_5_0 || childVersion < .v1_5_0
            if !answerable {
                await #expect(throws: SafeError.self, "\(parentVersion)/\(childVersion)") {
                    _ = try await d.dispatch(SignForOwnerSafe(safeTxHash: entry.safeTxHash, ownerSafe: child, keyName: "inner1",
                                                              password: { Issue.record("no password before the refusal"); return "pw" }))
                }
            } else {
                // When one of the child's two owners signs for it
                let half = try await d.dispatch(SignForOwnerSafe(safeTxHash: entry.safeTxHash, ownerSafe: child, keyName: "inner1", password: { "pw" }))
                #expect(!half.count.isReady && half.count.missing == [child], "\(parentVersion)/\(childVersion)")
            }
            // Then the parent is not ready anywhere, and a stranger's execution is refused before anything is sent
            let queue = try await d.dispatch(SafeQueueQuery(safe: parent, chain: wallet.chain))
            #expect(queue.confirmations(of: try #require(queue.entries.first)).isReady == false)
            await #expect(throws: SafeError.self) {
                _ = try await d.dispatch(ExecuteSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "relayer", chain: wallet.chain, wait: true, password: { "pw" }))
            }
            #expect(try await d.dispatch(FetchBalances(address: recipient, tokens: [], chain: wallet.chain)).ether.wei == 0)

            guard answerable else { return }
            // When the second owner signs, Then the queue is ready and the stranger's execution pays
            let full = try await d.dispatch(SignForOwnerSafe(safeTxHash: entry.safeTxHash, ownerSafe: child, keyName: "inner2", password: { "pw" }))
            #expect(full.count.isReady)
            let executed = try await d.dispatch(ExecuteSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "relayer", chain: wallet.chain, wait: true,
                                                                       password: { "pw" }))
            #expect(executed.success == true, "\(parentVersion)/\(childVersion)")
            #expect(try await d.dispatch(FetchBalances(address: recipient, tokens: [], chain: wallet.chain)).ether.wei == 777)
        }
    }
}
