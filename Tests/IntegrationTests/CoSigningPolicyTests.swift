@testable import BifrostCLI
import BifrostServer
import BigInt
import CoSigning
import CoSigningTestSupport
import Foundation
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// `bifrost serve`'s proposal policy through HTTP on the local chain: a delegatecall to
    /// anything but the network's trusted contracts is refused in the official shape, naming the
    /// target; so is a simulated takeover (a singleton, module or guard, a refund to a non-owner),
    /// each let through by its operator's allowance.
    @Suite("Integration: the co-signing server refuses untrusted delegatecalls and takeovers")
    struct CoSigningPolicyTests {
        let devnet = Devnet.shared!

        /// A server over a fresh SQLite store for the fixture's chain, under `policy`.
        func server(_ f: SafeFixture, _ policy: SafeProposalPolicy = .strict) async throws -> ServingCoSigner {
            let chain = try await f.first.services.connect(f.first.chain)
            let store = CoSigningStore(storage: try await CoSigningBackend.sqlite.makeStorage(), chain: chain, policy: policy)
            return try await ServingCoSigner(store)
        }

        /// Posts `tx` proposed and signed by owner 4; the status and the JSON answer.
        func propose(_ tx: SafeTx, to server: ServingCoSigner, gasPrice: BigUInt = 0, refundReceiver: Address = .zero) async throws
            -> (status: Int, json: JSONValue) {
            var tx = tx
            tx.gasPrice = gasPrice
            tx.refundReceiver = refundReceiver
            var body = try ServingCoSigner.proposal(tx, signedBy: devnet.accounts[4].key)
            body = body.replacingOccurrences(of: #""gasPrice": "0""#, with: #""gasPrice": "\#(gasPrice)""#)
                .replacingOccurrences(of: #""refundReceiver": null"#, with: #""refundReceiver": "\#(refundReceiver.checksummed)""#)
            let answer = try await server.send("POST", "/api/v2/safes/\(tx.safe.checksummed)/multisig-transactions/", body)
            return (answer.status, answer.json)
        }

        /// The official refusal's one message.
        static func refusal(_ json: JSONValue) -> String { json["nonFieldErrors"]?.arrayValue?.first?.stringValue ?? "" }

        @Test("a delegatecall to an untrusted contract, alone or inside a batch, is refused naming it; the network's MultiSend is not; --allow-delegatecall trusts one")
        func delegatecalls() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let multiSend = try #require(devnet.safeVersions[.v1_4_1]?.multiSend)
            let untrusted = devnet.testToken
            func tx(_ to: Address, _ operation: SafeOperation, _ data: [UInt8] = [], nonce: BigUInt) -> SafeTx {
                SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: to, value: 0, data: data, operation: operation, nonce: nonce)
            }
            let plainBatch = try MultiSend.multiSendCall([MultiSendCall(to: f.owners[1], value: 1), MultiSendCall(to: f.owners[2], value: 2)])
            let hiddenBatch = try MultiSend.multiSendCall([MultiSendCall(to: f.owners[1], value: 1),
                                                           MultiSendCall(operation: .delegateCall, to: untrusted, data: [0x18, 0x16, 0x0d, 0xdd])])

            let strict = try await server(f)
            defer { strict.stop() }
            let direct = try await propose(tx(untrusted, .delegateCall, [0x18, 0x16, 0x0d, 0xdd], nonce: 0), to: strict)
            #expect(direct.status == 422)
            #expect(Self.refusal(direct.json).hasPrefix("Operation DELEGATE_CALL is not allowed") && Self.refusal(direct.json).contains(untrusted.checksummed),
                    "the official words, and the target: \(direct.json)")
            let hidden = try await propose(tx(multiSend, .delegateCall, hiddenBatch, nonce: 0), to: strict)
            #expect(hidden.status == 422 && Self.refusal(hidden.json).contains(untrusted.checksummed), "a delegatecall inside a batch is found")
            #expect(try await propose(tx(multiSend, .delegateCall, plainBatch, nonce: 0), to: strict).status == 201, "the network's MultiSend is trusted")
            #expect(try await propose(tx(f.owners[1], .call, nonce: 1), to: strict).status == 201, "a plain call passes")

            let allowing = try await server(f, SafeProposalPolicy(allowedDelegates: [untrusted]))
            defer { allowing.stop() }
            #expect(try await propose(tx(untrusted, .delegateCall, [0x18, 0x16, 0x0d, 0xdd], nonce: 0), to: allowing).status == 201)
        }

        @Test("a simulated singleton change, a module enabled, a guard set, a refund to a non-owner are refused unless allowed")
        func takeovers() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            // A contract that, delegatecalled, writes slot 0 (the Safe's singleton); creating it spends the Safe's nonce 0.
            // PUSH20 target, PUSH1 0, SSTORE, STOP.
            let newSingleton = try #require(devnet.safeVersions[.v1_5_0]?.safeSingleton)
            let runtime: [UInt8] = [0x73] + newSingleton.bytes + [0x60, 0x00, 0x55, 0x00]
            let rewriter = try await f.create([0x60, UInt8(runtime.count), 0x80, 0x60, 0x0b, 0x60, 0x00, 0x39, 0x60, 0x00, 0xf3] + runtime)
            let module = f.owners[2]
            let rewrite = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: rewriter, value: 0, operation: .delegateCall, nonce: 1)
            let enable = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.safe, value: 0,
                                data: SafeContract.enableModule(module), nonce: 1)
            let pay = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 1, nonce: 2)

            let strict = try await server(f, SafeProposalPolicy(allowedDelegates: [rewriter]))
            defer { strict.stop() }
            let rewritten = try await propose(rewrite, to: strict)
            #expect(rewritten.status == 422 && Self.refusal(rewritten.json).contains("singleton to \(newSingleton.checksummed)"),
                    "read from the after-state: \(rewritten.json)")
            let enabled = try await propose(enable, to: strict)
            #expect(enabled.status == 422 && Self.refusal(enabled.json).contains("enables module \(module.checksummed)"), "\(enabled.json)")
            let refunded = try await propose(pay, to: strict, gasPrice: 1)
            #expect(refunded.status == 422 && Self.refusal(refunded.json).contains("whoever executes it"), "\(refunded.json)")
            let toStranger = try await propose(pay, to: strict, gasPrice: 1, refundReceiver: devnet.accounts[9].address)
            #expect(toStranger.status == 422 && Self.refusal(toStranger.json).contains(devnet.accounts[9].address.checksummed))
            #expect(try await propose(pay, to: strict, gasPrice: 1, refundReceiver: f.owners[0]).status == 201, "a refund to an owner passes")

            let allowing = try await server(f, SafeProposalPolicy(allowedDelegates: [rewriter], allowances: [.singleton, .module, .refund]))
            defer { allowing.stop() }
            #expect(try await propose(rewrite, to: allowing).status == 201)
            #expect(try await propose(enable, to: allowing).status == 201)
            #expect(try await propose(pay, to: allowing, gasPrice: 2).status == 201)
        }
    }
}
