import BigInt
import Foundation
import Networking
import Services
import TestSupport
import Testing

extension OnDevnet {
    /// Executing consecutive Safe transactions in one Ethereum transaction through MultiSendCallOnly.
    @Suite("Integration: batch execution on the local chain")
    struct SafeBatchExecutionTests {
        let devnet = Devnet.shared!
        static let ether = SafeFixture.ether

        /// Proposes a payment of `wei` to `to` at `nonce` in the first home, signed there by owner 4 and in the second by owner 5.
        func signed(_ f: SafeFixture, to: Address, wei: BigUInt, nonce: BigUInt) async throws -> SafeTransactionEntry {
            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: to, value: wei, data: [], operation: .call), nonce: nonce, chain: f.first.chain))
            _ = try await f.first.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", password: { "pw" }))
            let file = try await f.first.services.dispatcher.dispatch(ExportSafeTransaction(safeTxHash: entry.safeTxHash))
            _ = try await f.second.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
            _ = try await f.second.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner5", password: { "pw" }))
            return entry
        }

        @Test("two ready transactions execute in one Ethereum transaction sent by a key that owns nothing; both pay and the nonce advances by 2")
        func batchOfTwo() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            _ = try await f.second.importDevKey(devnet, index: 7, name: "payer")
            let a = PrivateKey.generate().address, b = PrivateKey.generate().address
            let first = try await signed(f, to: a, wei: Self.ether, nonce: 0)
            let second = try await signed(f, to: b, wei: 2 * Self.ether, nonce: 1)
            // The queue's order offers exactly these two as its batch.
            let queue = try await f.second.services.dispatcher.dispatch(SafeQueueQuery(safe: f.safe, chain: f.second.chain))
            #expect(queue.order.batch.map(\.safeTxHash) == [first.safeTxHash, second.safeTxHash] && queue.order.canBatch)

            // Named in the wrong order: the batch runs them by nonce.
            let result = try await f.second.services.dispatcher.dispatch(ExecuteSafeBatch(
                safeTxHashes: [second.safeTxHash, first.safeTxHash], keyName: "payer", chain: f.second.chain, wait: true, password: { "pw" }))
            #expect(result.success == true)
            #expect(result.entries.map(\.safeTxHash) == [first.safeTxHash, second.safeTxHash])
            #expect(result.entries.allSatisfy { $0.status == .executed && $0.executionHash == result.transaction.hash })
            #expect(try await f.info(f.second).safe.nonce == 2)
            for (who, amount) in [(a, Self.ether), (b, 2 * Self.ether)] {
                let got = try await f.second.services.dispatcher.dispatch(FetchBalances(address: who, tokens: [], chain: f.second.chain))
                #expect(got.ether.wei == amount)
            }
            // One Ethereum transaction: the Safe's history names the same hash for both.
            let history = try await f.first.services.dispatcher.dispatch(SafeHistoryQuery(safe: f.safe, chain: f.first.chain))
            #expect(Set(history.map(\.safeTxHash)) == [first.safeTxHash, second.safeTxHash])
            #expect(Set(history.compactMap(\.transactionHash)) == [result.transaction.hash])
        }

        @Test("'bifrost safe execute HASH HASH --batch --json' runs the two in one transaction and prints each one's outcome")
        func batchFromTheCommandLine() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let to = PrivateKey.generate().address
            let first = try await signed(f, to: to, wei: 5, nonce: 0)
            let second = try await signed(f, to: to, wei: 6, nonce: 1)
            let passwordFile = f.second.home.appendingPathComponent("password.txt")
            try "pw\n".write(to: passwordFile, atomically: true, encoding: .utf8)
            let (status, out) = try await OnDevnet.ConfirmationRuleTests.bifrost(
                ["--network", "devnet", "safe", "execute", Hex.encode(first.safeTxHash), Hex.encode(second.safeTxHash), "--batch",
                 "--key", "owner6", "--password-file", passwordFile.path, "--wait", "--json"], home: f.second.home, withErrors: true)
            #expect(status == 0, "\(out)")
            let printed = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
            #expect(printed?["success"] as? Bool == true)
            let executed = printed?["executed"] as? [[String: Any]] ?? []
            #expect(executed.compactMap { $0["safeTxHash"] as? String } == [Hex.encode(first.safeTxHash), Hex.encode(second.safeTxHash)])
            #expect(executed.allSatisfy { $0["status"] as? String == "executed" })
            #expect(try await f.info(f.second).safe.nonce == 2)
        }

        @Test("a batch with a gap in its nonces, or one short of signatures, is refused before anything is sent")
        func refusals() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let to = PrivateKey.generate().address
            let zero = try await signed(f, to: to, wei: 1, nonce: 0)
            let two = try await signed(f, to: to, wei: 2, nonce: 2)
            await #expect(throws: SafeError.batchNotExecutable("the Safe is at nonce 0, so the batch needs nonce 1 where it has 2")) {
                try await f.second.services.dispatcher.dispatch(ExecuteSafeBatch(
                    safeTxHashes: [zero.safeTxHash, two.safeTxHash], keyName: "owner6", chain: f.second.chain, wait: true,
                    password: { Issue.record("no password may be asked"); return "pw" }))
            }
            // Signed by owner 4 only: owner 6 sending a batch cannot confirm by sending.
            let one = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: to, value: 3, data: [], operation: .call), nonce: 1, chain: f.first.chain))
            _ = try await f.first.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: one.safeTxHash, keyName: "owner4", password: { "pw" }))
            let file = try await f.first.services.dispatcher.dispatch(ExportSafeTransaction(safeTxHash: one.safeTxHash))
            _ = try await f.second.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
            await #expect(throws: SafeError.self) {
                try await f.second.services.dispatcher.dispatch(ExecuteSafeBatch(
                    safeTxHashes: [zero.safeTxHash, one.safeTxHash], keyName: "owner6", chain: f.second.chain, wait: true,
                    password: { Issue.record("no password may be asked"); return "pw" }))
            }
            #expect(try await f.info(f.second).safe.nonce == 0)
        }
    }
}
