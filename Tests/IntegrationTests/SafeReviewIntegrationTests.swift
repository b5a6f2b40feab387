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

        @Test("the Safe after the transaction and the risks: a transfer moves exactly two balances; a delegatecall that rewrites slot 0 changes the singleton, critically; a refund to an owner look-alike is two critical risks; an added owner and a threshold of 1 are named",
              arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
        func afterState(_ version: SafeVersion) async throws {
            let f = try await SafeFixture(devnet: devnet, version: version)
            defer { f.remove() }
            // The February 2025 shape: a contract that writes whatever slot 0 of its caller holds,
            // for a delegatecall from the Safe. Deployed first: its funding is the Safe's nonce 0.
            let installed = PrivateKey.generate().address
            let drainer = try await f.deploy([0x73] + installed.bytes + [0x60, 0x00, 0x55, 0x00])
            let payee = PrivateKey.generate().address
            let transferEntry = try await propose(f, .call(to: payee, value: Self.ether, data: [], operation: .call))
            let transfer = try await review(f, transferEntry)
            #expect(transfer.effect.changes.map(\.description) == ["the Safe's balance changes by -1 ETH", "\(payee.checksummed)'s balance changes by +1 ETH"])
            #expect(transfer.effect.changes.allSatisfy { $0.severity == .info && $0.kind == .balance })
            #expect(transfer.risks.isEmpty, "a known release at the Safe's nonce, to a fresh address: \(transfer.risks)")
            // The Safe's real execution, simulated: it records exactly this safeTxHash, and nothing else happens.
            #expect(transfer.events.events.map(\.kind).filter { $0 != .safeMultiSigTransaction } == [.executionSuccess], "\(transfer.events)")
            #expect(transfer.events.events.last?.description == "the Safe: executes \(Hex.encode(transferEntry.safeTxHash)) (ExecutionSuccess)")

            let bybitEntry = try await propose(f, .call(to: drainer, value: 0, data: [0xa9, 0x05, 0x9c, 0xbb], operation: .delegateCall))
            let bybit = try await review(f, bybitEntry)
            #expect(bybit.simulation == .succeeds)
            #expect(bybit.events.events.map(\.kind).filter { $0 != .safeMultiSigTransaction } == [.executionSuccess],
                    "the slot-0 write emits nothing of its own; only the after-state shows it: \(bybit.events)")
            let singleton = try #require(bybit.effect.changes.first)
            #expect(bybit.effect.changes.count == 1 && singleton.kind == .singleton && singleton.severity == .critical)
            #expect(singleton.description.hasPrefix("the Safe's singleton changes from ") && singleton.description.contains("(Safe \(version.rawValue)"),
                    "\(singleton.description)")
            #expect(singleton.description.contains("to \(installed.checksummed) (unknown contract)"))
            // The same, from the real `bifrost safe review` process, in text and JSON.
            let hash = Hex.encode(bybitEntry.safeTxHash)
            let text = try await ConfirmationRuleTests.bifrost(["--network", "devnet", "safe", "review", hash], home: f.first.home)
            #expect(text.status == 0 && text.out.contains("after the transaction: 1 change\n  CRITICAL: the Safe's singleton changes from "), "\(text.out)")
            #expect(text.out.contains("\n  INFO: the Safe: executes \(hash) (ExecutionSuccess)\n"), "\(text.out)")
            let json = try await ConfirmationRuleTests.bifrost(["--network", "devnet", "--json", "safe", "review", hash], home: f.first.home)
            let effect = try JSONParser.parse(Array(json.out.utf8))["effect"]
            let first = effect?["changes"]?.arrayValue?.first
            #expect(effect?["outcome"] == .string("changes") && first?["severity"] == .string("critical") && first?["kind"] == .string("singleton"),
                    "\(json.out)")

            #expect(bybit.risks.map(\.name) == ["nonce-ahead"], "queued behind the transfer: \(bybit.risks)")

            // On a terminal, `safe execute` says the same before it acts, here before refusing for want of signatures.
            let onTerminal = try await f.executeOnTerminal(bybitEntry.safeTxHash, in: f.first, key: "owner4")
            #expect(onTerminal.status != 0 && onTerminal.out.contains("after the transaction: 1 change")
                    && onTerminal.out.contains("CRITICAL: the Safe's singleton changes from "), "\(onTerminal.out)")

            // Evidence of that review, written by the real process and checked offline; one changed byte fails it.
            let evidence = f.first.home.appendingPathComponent("evidence.json")
            let written = try await ConfirmationRuleTests.bifrost(["--network", "devnet", "safe", "evidence", hash, "--out", evidence.path], home: f.first.home)
            #expect(written.status == 0)
            let document = try String(contentsOf: evidence, encoding: .utf8)
            let root = try JSONParser.parse(document)
            #expect(root["simulation"]?["blockNumber"]?.stringValue != nil && root["effect"]?["changes"]?.arrayValue?.first?["kind"] == .string("singleton"))
            let verified = try await ConfirmationRuleTests.bifrost(["safe", "verify-evidence", evidence.path], home: f.first.home)
            #expect(verified.status == 0 && verified.out.contains("ok: the fields hash to safeTxHash \(hash)"), "\(verified.out)")
            try document.replacingOccurrences(of: "\"nonce\": \"2\"", with: "\"nonce\": \"3\"").write(to: evidence, atomically: true, encoding: .utf8)
            let tampered = try await ConfirmationRuleTests.bifrost(["safe", "verify-evidence", evidence.path], home: f.first.home)
            #expect(tampered.status == 1 && tampered.out.contains("MISMATCH: evidenceHash"), "\(tampered.out)")

            // A refund to an address dressed as an owner: the refund drain and address poisoning.
            let owner = f.owners[1]
            let twin = try Address(bytes: Array(owner.bytes.prefix(2)) + [UInt8](repeating: 0x5a, count: 16) + Array(owner.bytes.suffix(2)))
            let poisoned = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: twin, value: Self.ether, data: [], operation: .call), nonce: 1,
                refund: SafeTxRefund(baseGas: 50_000, gasPrice: 1_000_000_000, refundReceiver: twin), chain: f.first.chain))
            let poisonedReview = try await review(f, poisoned)
            #expect(poisonedReview.risks.map(\.name) == ["refund-drain", "lookalike-address", "nonce-taken"], "\(poisonedReview.risks)")
            #expect(poisonedReview.risks.prefix(2).allSatisfy { $0.severity == .critical })

            let newOwner = PrivateKey.generate().address
            let add = try await review(f, try await propose(f, .addOwner(newOwner, threshold: 1)))
            #expect(add.effect.changes.map(\.kind) == [.threshold, .owners])
            #expect(add.effect.changes.first?.severity == .critical && add.effect.changes.first?.description
                    == "the threshold changes from 2 of 3 to 1 of 4: one owner alone can then move everything")
            #expect(add.effect.changes.last?.description == "\(newOwner.checksummed) becomes an owner")
            let addEvents = add.events.events.filter { $0.kind != .safeMultiSigTransaction }
            #expect(addEvents.map(\.kind) == [.addedOwner, .changedThreshold, .executionSuccess], "\(add.events)")
            #expect(addEvents.first?.description == "the Safe: \(newOwner.checksummed) becomes an owner (AddedOwner)")
            #expect(addEvents.dropFirst().first?.description == "the Safe: the threshold becomes 1 (ChangedThreshold)")

            // A batch names every recipient's gain, read in the same probe call.
            let r1 = PrivateKey.generate().address, r2 = PrivateKey.generate().address
            let paid = try await review(f, try await propose(f, .batch([MultiSendCall(to: r1, value: Self.ether), MultiSendCall(to: r2, value: 2 * Self.ether)])))
            #expect(paid.effect.changes.map(\.description) == ["the Safe's balance changes by -3 ETH", "\(r1.checksummed)'s balance changes by +1 ETH",
                                                              "\(r2.checksummed)'s balance changes by +2 ETH"])

            let failing = try await review(f, try await propose(f, .call(to: payee, value: 100 * Self.ether, data: [], operation: .call)))
            guard case .reverted = failing.effect else {
                Issue.record("a transfer beyond the balance must show no after-state, got \(failing.effect)")
                return
            }
            #expect(try await f.info().safe.nonce == 1, "reviewing changes nothing on chain: only the funding ran")
        }

        @Test("each configuration change is reported exactly, in the after-state and in the events: an owner swap, a threshold change, an enabled module, a guard",
              arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
        func configurationChanges(_ version: SafeVersion) async throws {
            let f = try await SafeFixture(devnet: devnet, version: version)
            defer { f.remove() }
            // A guard that answers every call with the word 1, so 1.4.1's supportsInterface check passes.
            let guardContract = try await f.deploy([0x60, 0x01, 0x60, 0x00, 0x52, 0x60, 0x20, 0x60, 0x00, 0xf3])
            let old = f.owners[0], new = PrivateKey.generate().address, module = PrivateKey.generate().address
            func reported(_ intent: SafeIntent) async throws -> (changes: [String], events: [String]) {
                let r = try await review(f, try await propose(f, intent))
                let events = r.events.events.filter { ![.safeMultiSigTransaction, .executionSuccess].contains($0.kind) }
                #expect(r.events.events.last?.kind == .executionSuccess, "\(r.events)")
                return (r.effect.changes.map { "\($0.severity.rawValue) \($0.description)" }, events.map { "\($0.severity.rawValue) \($0.description)" })
            }
            let swap = try await reported(.swapOwner(old: old, new: new))
            #expect(swap.changes == ["notable \(new.checksummed) becomes an owner", "notable \(old.checksummed) is no longer an owner"])
            #expect(swap.events == ["notable the Safe: \(old.checksummed) is no longer an owner (RemovedOwner)",
                                    "notable the Safe: \(new.checksummed) becomes an owner (AddedOwner)"])
            let threshold = try await reported(.changeThreshold(3))
            #expect(threshold.changes == ["notable the threshold changes from 2 of 3 to 3 of 3"])
            #expect(threshold.events == ["notable the Safe: the threshold becomes 3 (ChangedThreshold)"])
            let enable = try await reported(.call(to: f.safe, value: 0, data: SafeContract.enableModule(module), operation: .call))
            #expect(enable.changes == ["critical module \(module.checksummed) (unknown contract) is enabled: it can move the Safe's funds without the owners"])
            #expect(enable.events == ["critical the Safe: module \(module.checksummed) is enabled (EnabledModule)"])
            let setGuard = try FunctionSignature("setGuard(address)").encodeCall([.address(guardContract)])
            let guarded = try await reported(.call(to: f.safe, value: 0, data: setGuard, operation: .call))
            #expect(guarded.changes == ["critical the transaction guard changes from none to \(guardContract.checksummed) (unknown contract): it decides which transactions can run"])
            #expect(guarded.events == ["critical the Safe: the transaction guard becomes \(guardContract.checksummed) (ChangedGuard)"])
        }

        @Test("a Safe moved onto a copy of its singleton still works, and safe info and the Safe home name the unknown singleton, critically")
        func unknownSingleton() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let remote = try f.remote()
            let running = try #require(try await f.info().singleton)
            let copy = try await f.deploy(try await remote.code(at: running))
            let writer = try await f.deploy([0x73] + copy.bytes + [0x60, 0x00, 0x55, 0x00])
            #expect(try await f.run(.call(to: writer, value: 0, data: [], operation: .delegateCall)).success == true)
            let state = try await f.info()
            #expect(state.singleton == copy && state.risks.map(\.name) == ["unknown-singleton"], "\(state.risks)")
            #expect(state.risks.first?.severity == .critical)
            let home = try await f.first.services.dispatcher.dispatch(SafeHomeQuery(safe: f.safe, chain: f.first.chain))
            #expect(home.state.risks == state.risks)
            let text = try await ConfirmationRuleTests.bifrost(["--network", "devnet", "safe", "info", f.safe.checksummed], home: f.first.home)
            #expect(text.status == 0 && text.out.contains("RISK CRITICAL (unknown-singleton): the Safe runs \(copy.checksummed), which is not a known Safe release"),
                    "\(text.out)")
            let json = try JSONParser.parse(Array(try await ConfirmationRuleTests.bifrost(["--network", "devnet", "--json", "safe", "info", f.safe.checksummed],
                                                                                      home: f.first.home).out.utf8))
            #expect(json["singleton"] == .string(copy.checksummed) && json["risks"]?.arrayValue?.first?["name"] == .string("unknown-singleton"))
            // A Safe on its release's own singleton has none.
            let plain = try await SafeFixture(devnet: devnet)
            defer { plain.remove() }
            #expect(try await plain.info().risks.isEmpty)
        }

        @Test("an owner change that hands the threshold to a Safe this Safe owns: unreachable, a cycle, and the owned Safe stranded")
        func nestedSafes() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            // N is owned by this Safe alone; the first home deploys and follows it.
            let nested = try await f.first.services.dispatcher.dispatch(DeploySafe(
                keyName: "owner4", owners: [f.safe], threshold: 1, saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)),
                version: nil, chain: f.first.chain, wait: true, password: { "pw" })).safe
            let swap = try SafeContract.swapOwnerCall(f.owners[1], with: nested, owners: f.owners, safe: f.safe)
            let remove = try SafeContract.removeOwnerCall(f.owners[2], threshold: 2, owners: [f.owners[0], nested, f.owners[2]])
            let stranded = try await review(f, try await propose(f, .batch([MultiSendCall(to: f.safe, data: swap), MultiSendCall(to: f.safe, data: remove)])))
            let nestedRisks = stranded.risks.filter { ["unreachable-threshold", "ownership-cycle", "owned-safe-unreachable"].contains($0.name) }
            #expect(nestedRisks.map(\.name) == ["unreachable-threshold", "ownership-cycle", "owned-safe-unreachable"], "\(stranded.risks)")
            #expect(nestedRisks.first?.message.contains("can never gather 2 signatures: only 1 of its 2 owners can sign") == true)
            #expect(nestedRisks.dropFirst().first?.message == "Safes own each other in a cycle: \(f.safe.checksummed) → \(nested.checksummed) → \(f.safe.checksummed)")
            // The swap alone keeps two keys: still reachable, the cycle only warned about.
            let cycle = try await review(f, try await propose(f, .swapOwner(old: f.owners[1], new: nested)))
            #expect(cycle.risks.filter { $0.name.contains("unreachable") || $0.name == "ownership-cycle" }.map(\.name) == ["ownership-cycle"], "\(cycle.risks)")
            // A plain owner change to a key raises none of these.
            let plain = try await review(f, try await propose(f, .swapOwner(old: f.owners[1], new: PrivateKey.generate().address)))
            #expect(!plain.risks.contains { ["unreachable-threshold", "ownership-cycle", "owned-safe-unreachable"].contains($0.name) })
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
