import BigInt
import Foundation
import Services
import TestSupport
import Testing

extension OnDevnet {
    /// Reviewing and rejecting Safe transactions against the real Safe 1.4.1 contracts.
    @Suite("Integration: review and reject on the local chain")
    struct SafeReviewIntegrationTests {
        let devnet = Devnet.shared!
        static let ether = SafeFixture.ether

        func propose(_ f: SafeFixture, _ intent: SafeIntent) async throws -> SafeTransactionEntry {
            try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(safe: f.safe, intent: intent, chain: f.first.chain))
        }

        func review(_ f: SafeFixture, _ entry: SafeTransactionEntry) async throws -> SafeTransactionReview {
            try await f.first.services.dispatcher.dispatch(ReviewSafeTransaction(safeTxHash: entry.safeTxHash, chain: f.first.chain))
        }

        @Test("the review decodes each call and simulates it as the Safe: a transfer and a batch succeed, an overdrawn batch fails, a foreign delegatecall is warned about")
        func reviewSimulates() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let a = PrivateKey.generate().address, b = PrivateKey.generate().address

            let transfer = try await review(f, try await propose(f, .call(to: a, value: Self.ether, data: [], operation: .call)))
            #expect(transfer.simulation == .succeeds)
            #expect(transfer.call.headline == "send 1 ETH to \(a.checksummed)")

            let batch = try await review(f, try await propose(f, .batch([MultiSendCall(to: a, value: Self.ether), MultiSendCall(to: b, value: 2 * Self.ether)])))
            #expect(batch.simulation == .succeeds)
            #expect(batch.call.calls.map(\.to) == [a, b])
            #expect(batch.call.allWarnings.isEmpty, "the network's own MultiSendCallOnly is trusted")

            // 12 ETH from a Safe holding 10: the second inner call fails inside the Safe.
            let overdrawn = try await review(f, try await propose(f, .batch([MultiSendCall(to: a, value: 6 * Self.ether),
                                                                              MultiSendCall(to: b, value: 6 * Self.ether)])))
            guard case .reverts = overdrawn.simulation else {
                Issue.record("an overdrawn batch must fail its simulation, got \(overdrawn.simulation)")
                return
            }

            let foreign = try await review(f, try await propose(f, .call(to: devnet.testToken, value: 0, data: [0x12, 0x34, 0x56, 0x78],
                                                                        operation: .delegateCall)))
            #expect(foreign.call.allWarnings.count == 1)
            #expect(foreign.call.allWarnings.first?.contains(devnet.testToken.checksummed) == true)
            #expect(try await f.info().safe.nonce == 0, "reviewing changes nothing on chain")
        }

        @Test("rejecting proposes an empty transaction at the same nonce; once it executes, the original can never run")
        func reject() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let original = try await propose(f, .call(to: PrivateKey.generate().address, value: Self.ether, data: [], operation: .call))
            let rejection = try await f.first.services.dispatcher.dispatch(RejectSafeTransaction(safeTxHash: original.safeTxHash, chain: f.first.chain))
            #expect(rejection.transaction.nonce == original.transaction.nonce)
            #expect(rejection.transaction.to == f.safe && rejection.transaction.value == 0 && rejection.transaction.data.isEmpty)
            #expect(rejection.summary.hasPrefix("rejection"))
            #expect(try await review(f, rejection).simulation == .succeeds)

            let result = try await f.signAndExecute(rejection)
            #expect(result.success == true)
            #expect(try await f.info().safe.nonce == 1)
            await #expect(throws: SafeError.nonceUsed(nonce: 0, current: 1)) {
                try await f.first.services.dispatcher.dispatch(ExecuteSafeTransaction(
                    safeTxHash: original.safeTxHash, keyName: "owner4", chain: f.first.chain, wait: true, password: { "pw" }))
            }
        }
    }
}
