import BigInt
import Foundation
import Networking
import Services
import TestSupport
import Testing

extension OnDevnet {
    /// Modules, the transaction guard and the fallback handler on a Safe 1.4.1, with a module and
    /// a guard written in vyper and compiled at test time.
    @Suite("Integration: modules, guard and fallback handler",
           .enabled(if: ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"] != nil, "set BIFROST_REFERENCE_PYTHON (scripts/test does)"))
    struct SafeModulesIntegrationTests {
        let devnet = Devnet.shared!
        static let ether = SafeFixture.ether

        /// Deploys `Tests/Contracts/NAME.vy`, compiled now, with `arguments` (ABI words) after its init code.
        static func deploy(_ name: String, _ arguments: [ABIValue], on f: SafeFixture) async throws -> Address {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Contracts/\(name).vy").standardized.path
            let python = ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"]!
            let bytecode = try Hex.decode(try await OnDevnet.SafeLedgerIntegrationTests.run(python, ["-m", "vyper", "-f", "bytecode", source])
                .trimmingCharacters(in: .whitespacesAndNewlines))
            let types = arguments.map { value -> ABIType in if case .address = value { .address } else { .uint(bits: 256) } }
            return try await f.create(bytecode + (try ABIEncoder.encode(types, arguments)))
        }

        /// The draft and review of `change`, stored nowhere.
        static func review(_ change: SafeSetupChange, _ f: SafeFixture) async throws -> (SafeTransactionDraft, SafeTransactionReview) {
            let dispatcher = f.first.services.dispatcher
            let draft = try await dispatcher.dispatch(DraftSafeTransaction(safe: f.safe, intent: .setup(change), chain: f.first.chain))
            return (draft, try await dispatcher.dispatch(ReviewSafeTransaction(draft: draft, chain: f.first.chain)))
        }

        /// What drafting `change` throws, as the setup error it must be.
        static func refusal(_ change: SafeSetupChange, _ f: SafeFixture) async -> SafeSetupError? {
            do {
                _ = try await f.first.services.dispatcher.dispatch(DraftSafeTransaction(safe: f.safe, intent: .setup(change), chain: f.first.chain))
                return nil
            } catch { return error as? SafeSetupError }
        }

        func balance(_ who: Address, _ f: SafeFixture) async throws -> BigUInt {
            try await f.remote().balance(of: who)
        }

        @Test("a module enabled by the owners (reviewed as critical) sends the Safe's ether without a signature; the module listing shows that execution")
        func moduleSendsEther() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let operatorAddress = try await f.first.importDevKey(devnet, index: 7, name: "operator")
            let module = try await Self.deploy("PayingModule", [.address(operatorAddress)], on: f)

            let (draft, review) = try await Self.review(.enableModule(module), f)
            #expect(draft.summary == "enable module \(module.checksummed)" && draft.transaction.to == f.safe)
            let added = review.effect.changes.first { $0.kind == .modules }
            #expect(added?.severity == .critical && added?.description.contains(module.checksummed) == true, "\(review.effect)")
            try await f.run(.setup(.enableModule(module)))
            #expect(try await f.info().safe.modules == [module])
            #expect(await Self.refusal(.enableModule(module), f) == .moduleAlreadyEnabled(module))

            let nonce = try await f.info().safe.nonce
            let payee = PrivateKey.generate().address
            let pay = try FunctionSignature("pay(address,address,uint256)").encodeCall([.address(f.safe), .address(payee), .uint(Self.ether)])
            let sent = try await f.first.services.dispatcher.dispatch(SendTransaction(
                keyName: "operator", transfer: .contractCall(to: module, value: 0, data: pay), chain: f.first.chain, wait: true, password: { "pw" }))
            #expect(sent.receipt?.status == true)
            #expect(try await balance(payee, f) == Self.ether, "the module paid from the Safe")
            #expect(try await f.info().safe.nonce == nonce, "no Safe transaction ran: no owner signed")

            let listed = try await f.first.services.dispatcher.dispatch(SafeModulesQuery(safe: f.safe, chain: f.first.chain))
            #expect(listed.modules.map(\.module) == [module])
            #expect(listed.modules.first?.executions.map(\.transactionHash) == [sent.transaction.hash])
            #expect(listed.modules.first?.succeeded == 1)
            let (status, out) = try await OnDevnet.ConfirmationRuleTests.bifrost(
                ["--network", "devnet", "safe", "modules", f.safe.checksummed, "--json"], home: f.first.home)
            #expect(status == 0, "\(out)")
            let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
            let first = (json?["modules"] as? [[String: Any]])?.first
            #expect(first?["address"] as? String == module.checksummed && "\(first?["executions"] ?? "")" == "1", "\(out)")
        }

        @Test("the guard is checked before proposing (an EOA, a contract without the interface), set as critical, refuses a transfer above its limit on chain with its reason and the nonce unchanged, lets one below through, and is removed with 0x0")
        func guardRefusesAboveTheLimit() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let guardAddress = try await Self.deploy("LimitGuard", [.uint(Self.ether)], on: f)
            let eoa = PrivateKey.generate().address

            // Refused before anything is proposed: the CLI names the flag; the queue stays empty.
            for (target, words) in [(eoa, "has no code"), (devnet.testToken, "does not support the Safe's guard interface")] {
                let (status, out) = try await OnDevnet.ConfirmationRuleTests.bifrost(
                    ["--network", "devnet", "safe", "propose", f.safe.checksummed, "--set-guard", target.checksummed], home: f.first.home, withErrors: true)
                #expect(status != 0 && out.contains("--set-guard") && out.contains(words), "\(out)")
            }
            #expect(await Self.refusal(.setGuard(eoa), f) == .notAContract(eoa, role: .guard))
            #expect(await Self.refusal(.setGuard(devnet.testToken), f) == .notAGuard(devnet.testToken))
            let queue = try await f.first.services.dispatcher.dispatch(SafeQueueQuery(safe: f.safe, chain: f.first.chain))
            #expect(queue.entries.isEmpty, "nothing was proposed")

            let (_, review) = try await Self.review(.setGuard(guardAddress), f)
            #expect(review.effect.changes.first { $0.kind == .guardAddress }?.severity == .critical, "\(review.effect)")
            try await f.run(.setup(.setGuard(guardAddress)))
            #expect(try await f.info().safe.guardAddress == guardAddress)

            // Above the limit: Bifrost's execution refuses with the guard's reason; sent anyway, the chain reverts it.
            let nonce = try await f.info().safe.nonce
            let payee = PrivateKey.generate().address
            let above = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: payee, value: 2 * Self.ether, data: [], operation: .call), chain: f.first.chain))
            do {
                _ = try await f.signAndExecute(above)
                Issue.record("the execution above the limit should be refused")
            } catch let error as ChainError {
                #expect(error.description.contains("LimitGuard: above the limit"), "\(error)")
            }
            let signatures = try [4, 5].map { try SafeSignature.sign(safeTxHash: above.safeTxHash, with: devnet.accounts[$0].key) }
            let calldata = try above.transaction.execTransactionCall(signatures: SafeSignature.pack(signatures.sorted { $0.owner < $1.owner }))
            let receipt = try await sendUnchecked(calldata, to: f.safe, f)
            #expect(receipt.status == false, "the guard reverted the execution on chain")
            #expect(try await f.info().safe.nonce == nonce)
            #expect(try await balance(payee, f) == 0)
            do {
                _ = try await f.remote().call(CallRequest(from: devnet.accounts[4].address, to: f.safe, data: calldata))
                Issue.record("the execution should revert")
            } catch NetworkError.rpc(_, let message, let data) {
                let reason = data.flatMap { try? Hex.decode($0) }.map(RevertReason.describe) ?? message
                #expect(reason.contains("LimitGuard: above the limit"), "\(reason)")
            }

            // Below the limit it runs, in the refused one's place.
            let below = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: payee, value: Self.ether / 2, data: [], operation: .call), nonce: nonce, chain: f.first.chain))
            #expect(try await f.signAndExecute(below).success == true)
            #expect(try await balance(payee, f) == Self.ether / 2)

            // 0x0 removes it, through the guard itself; a removal is no critical change.
            let (removal, removalReview) = try await Self.review(.setGuard(.zero), f)
            #expect(removal.summary == "remove the transaction guard")
            #expect(removalReview.effect.changes.first { $0.kind == .guardAddress }.map { $0.severity < .critical } == true, "\(removalReview.effect)")
            // Proposed from the command line, where 0x0 is the way to say it.
            let (status, out) = try await OnDevnet.ConfirmationRuleTests.bifrost(
                ["--network", "devnet", "safe", "propose", f.safe.checksummed, "--set-guard", "0x0", "--json"], home: f.first.home)
            #expect(status == 0, "\(out)")
            let proposed = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
            let hash = try Hex.decode(try #require(proposed?["safeTxHash"] as? String, "\(out)"))
            #expect(hash == removal.safeTxHash, "the CLI proposes the reviewed removal")
            let queued = try await f.first.services.dispatcher.dispatch(SafeQueueQuery(safe: f.safe, chain: f.first.chain))
            #expect(try await f.signAndExecute(try #require(queued.entries.first { $0.safeTxHash == hash })).success == true)
            #expect(try await f.info().safe.guardAddress == .zero)
        }

        /// Sends `calldata` to `to` with a fixed gas limit (no estimate, which would refuse a revert)
        /// from a fresh key owner 4 funds, and waits for the receipt.
        func sendUnchecked(_ calldata: [UInt8], to: Address, _ f: SafeFixture) async throws -> TransactionReceipt {
            let sender = PrivateKey.generate()
            _ = try await f.first.services.dispatcher.dispatch(SendTransaction(
                keyName: "owner4", transfer: .ether(to: sender.address, wei: Self.ether / 10), chain: f.first.chain, wait: true, password: { "pw" }))
            let remote = try f.remote()
            let tx = Transaction(type: .legacy, chainID: devnet.chainID, nonce: 0, gasPrice: try await remote.gasPrice() * 2,
                                 gasLimit: 400_000, to: to, value: 0, data: calldata)
            let hash = try await remote.sendRawTransaction(try tx.sign(with: sender).raw)
            for _ in 0..<100 {
                if let receipt = try await remote.transactionReceipt(hash: hash) { return receipt }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw SafeError.unknownTransaction(Hex.encode(hash))
        }

        @Test("with two modules enabled, disabling the first enabled passes the other as prevModule, found from the chain; one not enabled is refused")
        func disableWithPreviousModule() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let a = devnet.testToken, b = try #require(devnet.safeVersions[.v1_4_1]?.multiSendCallOnly)
            try await f.run(.batch([MultiSendCall(to: f.safe, data: SafeContract.enableModule(a)), MultiSendCall(to: f.safe, data: SafeContract.enableModule(b))]))
            // Each module enabled goes first in the list: b, then a.
            #expect(try await f.info().safe.modules == [b, a])

            let (draft, review) = try await Self.review(.disableModule(a), f)
            let arguments = try FunctionSignature("disableModule(address,address)").decodeCall(draft.transaction.data)
            #expect(arguments == [.address(b), .address(a)], "prevModule is b, not the sentinel")
            #expect(review.effect.changes.first { $0.kind == .modules }?.severity == .notable, "\(review.effect)")
            let result = try await f.run(.setup(.disableModule(a)))
            #expect(result.success == true)
            #expect(try await f.info().safe.modules == [b])
            #expect(await Self.refusal(.disableModule(a), f) == .moduleNotEnabled(a))
        }

        @Test("on a Safe 1.3.0, whose setGuard asks nothing (the node confirms it would take a token as its guard), a non-guard is refused all the same")
        func guardCheckedOn130() async throws {
            let f = try await SafeFixture(devnet: devnet, version: .v1_3_0)
            defer { f.remove() }
            let setGuard = try SafeSetupCalls.setGuard(devnet.testToken, safe: f.safe)
            #expect(try await f.remote().call(CallRequest(from: f.safe, to: f.safe, data: setGuard)).isEmpty, "1.3.0 itself would set it")
            #expect(await Self.refusal(.setGuard(devnet.testToken), f) == .notAGuard(devnet.testToken))
        }

        @Test("the fallback handler: an EOA is refused before proposing; a contract is set, reviewed as critical")
        func fallbackHandler() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let eoa = PrivateKey.generate().address
            #expect(await Self.refusal(.setFallbackHandler(eoa), f) == .notAContract(eoa, role: .fallbackHandler))
            let handler = try #require(devnet.safeVersions[.v1_4_1]?.fallbackHandler)
            let other = try #require(devnet.safeVersions[.v1_3_0]?.fallbackHandler)
            #expect(try await f.info().safe.fallbackHandler == handler)
            let (_, review) = try await Self.review(.setFallbackHandler(other), f)
            #expect(review.effect.changes.first { $0.kind == .fallbackHandler }?.severity == .critical, "\(review.effect)")
            try await f.run(.setup(.setFallbackHandler(other)))
            #expect(try await f.info().safe.fallbackHandler == other)
        }
    }
}
