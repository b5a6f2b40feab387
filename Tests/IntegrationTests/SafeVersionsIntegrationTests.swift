import BigInt
import Foundation
import Networking
import Services
import TestSupport
import Testing

extension OnDevnet {
    /// The multisig story on every Safe release Bifrost supports, each deployed on the local chain
    /// from its own singleton, factory, handler and MultiSend.
    @Suite("Integration: Safe 1.3.0, 1.4.1 and 1.5.0 on the local chain")
    struct SafeVersionsIntegrationTests {
        let devnet = Devnet.shared!
        static let ether = SafeFixture.ether

        @Test("deploy, propose, sign and execute; an owner change and a MultiSend; safeTxHash as the contract computes it; the executions read back from the events",
              arguments: SafeVersion.supported)
        func story(version: SafeVersion) async throws {
            let f = try await SafeFixture(devnet: devnet, version: version)
            defer { f.remove() }
            let own = try #require(devnet.safeVersions[version], "the deployments file lists Safe \(version.rawValue)")
            let state = try await f.info()
            #expect(state.safe.version == version.rawValue && state.safe.threshold == 2 && state.safe.fallbackHandler == own.fallbackHandler)
            #expect(try await f.remote().code(at: f.safe).isEmpty == false)

            try await expectContractHashes(f, version: version)

            let recipient = PrivateKey.generate().address
            let paid = try await f.run(.call(to: recipient, value: Self.ether / 4, data: [], operation: .call))
            #expect(paid.success == true && paid.entry.status == .executed)

            let newcomer = PrivateKey.generate().address
            let added = try await f.run(.addOwner(newcomer, threshold: 2))
            #expect(added.success == true)
            // addOwnerWithThreshold puts the newcomer first in the owners' linked list.
            #expect(try await f.info().safe.owners == [newcomer] + f.owners)

            let a = PrivateKey.generate().address, b = PrivateKey.generate().address
            let batch = try await f.run(.batch([MultiSendCall(to: a, value: Self.ether), MultiSendCall(to: b, value: 2 * Self.ether)]))
            #expect(batch.success == true)
            #expect(batch.entry.transaction.to == own.multiSendCallOnly, "the release's own MultiSendCallOnly")
            for (who, amount) in [(recipient, Self.ether / 4), (a, Self.ether), (b, 2 * Self.ether)] {
                let got = try await f.first.services.dispatcher.dispatch(FetchBalances(address: who, tokens: [], chain: f.first.chain))
                #expect(got.ether.wei == amount)
            }

            // The first home never executed anything: what it knows of the executions comes from the logs.
            let history = try await f.first.services.dispatcher.dispatch(SafeHistoryQuery(safe: f.safe, chain: f.first.chain))
            let executed = [paid, added, batch]
            #expect(Set(history.map(\.safeTxHash)) == Set(executed.map(\.entry.safeTxHash)) && history.count == 3)
            #expect(history.allSatisfy { $0.success })
            #expect(Set(history.compactMap(\.transactionHash)) == Set(executed.map(\.transaction.hash)))
            #expect(try await f.info().safe.nonce == 3)
        }

        /// `safeTxHash` for random transactions equals the Safe contract's own `getTransactionHash`.
        private func expectContractHashes(_ f: SafeFixture, version: SafeVersion) async throws {
            var rng = SplitMix64(seed: 1559)
            func word() -> BigUInt { BigUInt(rng.next()) << 64 | BigUInt(rng.next()) }
            func address() -> Address { try! Address(bytes: (0..<20).map { _ in UInt8(truncatingIfNeeded: rng.next()) }) }
            var txs: [SafeTx] = []
            for i in 0..<24 {
                let data = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                txs.append(SafeTx(safe: f.safe, chainID: devnet.chainID, version: version, to: address(), value: word(), data: data,
                                  operation: i % 2 == 0 ? .call : .delegateCall, safeTxGas: word() % 10_000_000, baseGas: word() % 100_000,
                                  gasPrice: word(), gasToken: i % 3 == 0 ? .zero : address(), refundReceiver: address(), nonce: word() % 1000))
            }
            let r = EthereumRemote.Requests.self
            let answers = try await f.remote().batch(try txs.map { r.call(CallRequest(to: f.safe, data: try $0.getTransactionHashCall)) })
            for (tx, answer) in zip(txs, answers) {
                #expect(try answer.get() == (try tx.hash()))
            }
        }
    }
}
