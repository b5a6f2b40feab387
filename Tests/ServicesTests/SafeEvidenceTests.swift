import BigInt
import Foundation
import Services
import Testing

/// The evidence document: the same review gives the same bytes, a fresh document verifies
/// offline, and a change to any one field is caught.
@Suite("Safe evidence: written once, checked offline")
struct SafeEvidenceTests {
    static let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let to = try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    static let time = Date(timeIntervalSince1970: 1_800_000_000)
    /// A verifier that trusts nothing beyond the official contracts.
    static let trustingNone: @Sendable (BigUInt?) async -> Set<Address> = { _ in [] }

    static func document() throws -> String {
        let inner = try FunctionSignature("transfer(address,uint256)").encodeCall([.address(to), .uint(5)])
        let batch = try MultiSend.multiSendCall([MultiSendCall(to: to, value: 7), MultiSendCall(operation: .delegateCall, to: safe, value: 0, data: inner)])
        let tx = SafeTx(safe: safe, chainID: 31337, version: .v1_4_1, to: SafeDeployments.multiSend, value: 0, data: batch, operation: .delegateCall,
                        gasPrice: 3, refundReceiver: to, nonce: 9)
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: try tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                         summary: "batch", createdAt: time, updatedAt: time)
        let effect = SafeEffect.changes([SafeStateChange(.balance, .info, "the Safe's balance changes by -0.000000000000000007 ETH")])
        let review = SafeTransactionReview(call: CallDecoder().decode(tx), simulation: .succeeds, effect: effect,
                                           risks: [SafeRisk("nonce-ahead", .warning, "nonce 9 is ahead")],
                                           block: SimulatedBlock(number: 1234, hash: [UInt8](repeating: 0xcd, count: 32)))
        return try SafeEvidence.document(entry: entry, review: review, trusted: [])
    }

    @Test("the same review gives the same bytes; it verifies offline and names what needs a node")
    func freshVerifies() async throws {
        let text = try Self.document()
        #expect(try Self.document() == text)
        let verdict = await SafeEvidence.verify(text, verifierTrust: Self.trustingNone)
        #expect(verdict.holds, "\(verdict.mismatches)")
        #expect(verdict.checked.count == 5 && verdict.untrustedDelegates.isEmpty)
        #expect(verdict.needsNode.map { $0.prefix { $0 != ":" } } == ["simulation", "block", "effect", "events", "risks"], "each field not re-checked, named")
        #expect(verdict.needsNode[1] == "block: the simulation ran at block 1234 (0x\(String(repeating: "cd", count: 32))), by the writer's word")
        #expect(verdict.checked[0].hasPrefix("evidenceHash: no byte changed") && !verdict.checked.contains { $0.contains("every field") },
                "the seal is not said to vouch for what only a node can check")
        let root = try JSONParser.parse(text)
        #expect(root["warnings"]?.arrayValue?.count == 2, "the inner delegatecall and the refund")
    }

    /// Every leaf of `value` changed once, each in a copy of the document.
    static func mutations(of value: JSONValue, path: String = "") -> [(String, JSONValue)] {
        switch value {
        case .object(let members):
            return members.indices.flatMap { i in
                mutations(of: members[i].value, path: path + "." + members[i].key).map { p, v in
                    var copy = members
                    copy[i].value = v
                    return (p, JSONValue.object(copy))
                }
            }
        case .array(let items):
            return items.indices.flatMap { i in
                mutations(of: items[i], path: path + "[\(i)]").map { p, v in
                    var copy = items
                    copy[i] = v
                    return (p, JSONValue.array(copy))
                }
            }
        case .string(let s):
            // One character changed: the last hex digit or letter of a hash or word.
            guard let last = s.last else { return [(path, .string("x"))] }
            return [(path, .string(String(s.dropLast()) + (last == "1" ? "2" : "1")))]
        case .number(let n): return [(path, .number(n == "1" ? "2" : "1"))]
        case .bool(let b): return [(path, .bool(!b))]
        case .null: return [(path, .string("0"))]
        }
    }

    @Test("one changed field anywhere, the seal included, fails the check")
    func everyFieldIsCaught() async throws {
        let root = try JSONParser.parse(try Self.document())
        let mutated = Self.mutations(of: root)
        #expect(mutated.count > 40)
        for (path, copy) in mutated {
            let verdict = await SafeEvidence.verify(JSONWriter.write(copy, pretty: true), verifierTrust: Self.trustingNone)
            #expect(!verdict.holds, "a change at \(path) passed")
        }
    }

    /// `members` with `evidenceHash` computed again over the rest, as a forger would.
    static func resealed(_ members: [(key: String, value: JSONValue)]) -> String {
        let body = members.filter { $0.key != "evidenceHash" }
        let seal = Hex.encode(Keccak256.hash(Array(JSONWriter.write(.object(body)).utf8)))
        return JSONWriter.write(.object(body + [("evidenceHash", .string(seal))]), pretty: true)
    }

    /// A 1.5.0 Safe on chain 100 delegatecalling `target`, reviewed by a writer that trusted `trusted`.
    static func delegateCallDocument(to target: Address, trusted: [Address]) throws -> String {
        let tx = SafeTx(safe: safe, chainID: 100, version: .v1_5_0, to: target, value: 0, data: [0xde, 0xad, 0xbe, 0xef, 0, 1], operation: .delegateCall,
                        nonce: 12)
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: try tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                         summary: "delegatecall", createdAt: time, updatedAt: time)
        let review = SafeTransactionReview(call: CallDecoder(trusting: trusted).decode(tx), simulation: .succeeds, effect: .changes([]), risks: [],
                                           block: SimulatedBlock(number: 88_001, hash: [UInt8](repeating: 0x3e, count: 32)))
        return try SafeEvidence.document(entry: entry, review: review, trusted: trusted)
    }

    @Test("a document that trusts its own delegatecall target, its warnings emptied and resealed, fails: trust is the verifier's, never the file's")
    func forgedTrust() async throws {
        let target = try Address("0x8464135c8F25Da09e49BC8782676a84730C318bC")
        let root = try JSONParser.parse(try Self.delegateCallDocument(to: target, trusted: []))
        #expect(root["warnings"]?.arrayValue?.count == 1 && root["call"]?["warnings"]?.arrayValue?.count == 1, "the honest document warns")
        guard case .object(var members) = root, case .object(var call)? = root["call"] else { Issue.record("not an object"); return }
        for (i, member) in members.enumerated() {
            switch member.key {
            case "trustedDelegates": members[i].value = .array([.string(target.checksummed)])
            case "warnings": members[i].value = .array([])
            default: break
            }
        }
        call = call.map { $0.key == "warnings" ? ($0.key, JSONValue.array([])) : $0 }
        members = members.map { $0.key == "call" ? ($0.key, JSONValue.object(call)) : $0 }
        let verdict = await SafeEvidence.verify(Self.resealed(members), verifierTrust: Self.trustingNone)
        #expect(!verdict.holds, "the forged trust passed: \(verdict.checked)")
        #expect(verdict.mismatches.contains { $0.hasPrefix("warnings: the document leaves out what the fields give: delegatecall to \(target.checksummed)") }
                && verdict.mismatches.contains { $0.hasPrefix("call:") }, "\(verdict.mismatches)")
        #expect(verdict.untrustedDelegates == [target], "the writer's trust the verifier does not share is named")
        // The verifier's own trust decides: given the target (a network it knows, or --trust-delegate), the same file holds.
        let trusted = await SafeEvidence.verify(Self.resealed(members)) { chainID in chainID == 100 ? [target] : [] }
        #expect(trusted.holds && trusted.untrustedDelegates.isEmpty, "\(trusted.mismatches)")
        let otherChain = await SafeEvidence.verify(Self.resealed(members)) { chainID in chainID == 1 ? [target] : [] }
        #expect(!otherChain.holds, "trust is asked for the document's chain")
    }

    @Test("an honest document: the writer's trust holds where the verifier shares it, and a target the writer did not trust keeps its warning")
    func honestTrust() async throws {
        let network = try Address("0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6"), other = try Address("0x610178dA211FEF7D417bC0e6FeD39F05609AD788")
        let byNetwork = try Self.delegateCallDocument(to: network, trusted: [network])
        #expect(try JSONParser.parse(byNetwork)["warnings"] == .array([]))
        let shared = await SafeEvidence.verify(byNetwork) { _ in [network, other] }
        #expect(shared.holds && shared.checked.contains { $0.contains("and \(network.checksummed), which the document lists and this verifier trusts") },
                "\(shared)")
        let unshared = await SafeEvidence.verify(byNetwork, verifierTrust: Self.trustingNone)
        #expect(!unshared.holds && unshared.untrustedDelegates == [network])
        // The writer warned about a target this verifier trusts: the document can narrow the trust, so it still holds.
        let warned = try Self.delegateCallDocument(to: other, trusted: [])
        let narrowed = await SafeEvidence.verify(warned) { _ in [other] }
        #expect(narrowed.holds, "\(narrowed.mismatches)")
    }

    @Test("verify-evidence through a home: its networks' contracts on the file's chain and the verifier's own additions are trusted, the file's list is not")
    func throughHome() async throws {
        let target = try Address("0x0165878A594ca255338adfa4d48449f69242Eb8F")
        let f = try await SafeOfflineTests.fixture()
        defer { f.cleanUp() }
        let document = try Self.delegateCallDocument(to: target, trusted: [target])
        let alone = try await f.services.dispatcher.dispatch(VerifySafeEvidence(text: document))
        #expect(!alone.holds && alone.untrustedDelegates == [target])
        let added = try await f.services.dispatcher.dispatch(VerifySafeEvidence(text: document, trusting: [target]))
        #expect(added.holds, "\(added.mismatches)")
        let deployments = #"{"chainId": 100, "contracts": {"multiSend": "\#(target.checksummed)"}}"#
        _ = try await f.services.dispatcher.dispatch(AddNetwork(name: "gnosis-fork", rpcURL: "http://127.0.0.1:8545", chainID: 100,
                                                                deployments: Array(deployments.utf8)))
        #expect(try await f.services.dispatcher.dispatch(VerifySafeEvidence(text: document)).holds, "a network this home knows on chain 100 names it")
    }

    @Test("a document resealed after its fields changed still fails: the hashes, the decoding and the warnings are recomputed")
    func resealed() async throws {
        let root = try JSONParser.parse(try Self.document())
        guard case .object(var members) = root, let i = members.firstIndex(where: { $0.key == "warnings" }) else { Issue.record("no warnings"); return }
        let dropped = members[i].value.arrayValue?.first?.stringValue ?? "?"
        members[i].value = .array(Array(members[i].value.arrayValue?.dropFirst() ?? []))
        let verdict = await SafeEvidence.verify(Self.resealed(members), verifierTrust: Self.trustingNone)
        #expect(verdict.mismatches == ["warnings: the document leaves out what the fields give: \(dropped)"])
        members[i].value = .array((members[i].value.arrayValue ?? []) + [.string(dropped), .string("an extra line")])
        let padded = await SafeEvidence.verify(Self.resealed(members), verifierTrust: Self.trustingNone)
        #expect(padded.mismatches == ["warnings: they are not the ones the fields give"])
    }
}
