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
    func freshVerifies() throws {
        let text = try Self.document()
        #expect(try Self.document() == text)
        let verdict = SafeEvidence.verify(text)
        #expect(verdict.holds, "\(verdict.mismatches)")
        #expect(verdict.checked.count == 5 && verdict.needsNode.first == "the simulation at block 1234 (0x\(String(repeating: "cd", count: 32)))")
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
    func everyFieldIsCaught() throws {
        let root = try JSONParser.parse(try Self.document())
        let mutated = Self.mutations(of: root)
        #expect(mutated.count > 40)
        for (path, copy) in mutated {
            let verdict = SafeEvidence.verify(JSONWriter.write(copy, pretty: true))
            #expect(!verdict.holds, "a change at \(path) passed")
        }
    }

    @Test("a document resealed after its fields changed still fails: the hashes, the decoding and the warnings are recomputed")
    func resealed() throws {
        let root = try JSONParser.parse(try Self.document())
        guard case .object(var members) = root, let i = members.firstIndex(where: { $0.key == "warnings" }) else { Issue.record("no warnings"); return }
        members[i].value = .array([])
        let body = members.filter { $0.key != "evidenceHash" }
        let seal = Hex.encode(Keccak256.hash(Array(JSONWriter.write(.object(body)).utf8)))
        let j = members.firstIndex { $0.key == "evidenceHash" }!
        members[j].value = .string(seal)
        let verdict = SafeEvidence.verify(JSONWriter.write(.object(members)))
        #expect(verdict.mismatches == ["warnings: they are not the ones the fields give"])
    }
}
