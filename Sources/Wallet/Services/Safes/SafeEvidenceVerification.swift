import BigInt
import Foundation
import SafeKit

extension SafeEvidence {
    /// What can be checked of a document without a node, checked: the seal, the fields and their
    /// hashes, the decoding and the warnings that follow from the fields alone; what needs a node
    /// is named. A delegatecall target counts as trusted only when `verifierTrust` (the verifier's
    /// own trust on the document's chain) holds it: the document's `trustedDelegates`, what its
    /// writer trusted, can narrow that trust, never widen it.
    public static func verify(_ text: String, verifierTrust: (_ chainID: BigUInt?) async -> Set<Address>) async -> SafeEvidenceVerdict {
        var verdict = SafeEvidenceVerdict()
        guard let root = try? JSONParser.parse(text), case .object(let members) = root else {
            verdict.mismatches.append("the document is not a JSON object")
            return verdict
        }
        guard root["format"]?.stringValue == format, root["version"] == .number(String(version)) else {
            verdict.mismatches.append("not a \(format) document of version \(version)")
            return verdict
        }
        let body = members.filter { $0.key != "evidenceHash" }
        if root["evidenceHash"]?.stringValue != seal(body) {
            verdict.mismatches.append("evidenceHash: the document was changed after it was written")
        } else {
            verdict.checked.append("evidenceHash: no byte changed since the document was sealed (the seal does not make what a node reported true)")
        }
        guard let transaction = root["transaction"], let file = try? SafeTransactionFile(json: JSONWriter.write(transaction)) else {
            verdict.mismatches.append("transaction: the fields do not read, or do not hash to their safeTxHash")
            return verdict
        }
        verdict.checked.append("the fields hash to safeTxHash \(Hex.encode(file.safeTxHash))")
        let tx = file.transaction
        let encoder = JSONValueEncoder()
        if let hashes = try? encoder.encode(try SafeHashesView(tx)), hashes == root["hashes"] {
            verdict.checked.append("domain hash, message hash and safeTxHash recomputed")
        } else {
            verdict.mismatches.append("hashes: they are not the fields' domain hash, message hash and safeTxHash")
        }
        let listed = Set((root["trustedDelegates"]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap { try? Address($0) } })
        let own = await verifierTrust(tx.chainID)
        let trusted = listed.intersection(own).sorted()
        verdict.untrustedDelegates = listed.subtracting(own).sorted()
        let call = CallDecoder(trusting: trusted).decode(tx)
        if (try? encoder.encode(DecodedCallView(call))) == root["call"] {
            verdict.checked.append("the calls decoded again, trusting as delegatecall targets the official MultiSend, SignMessageLib and SafeMigration "
                                   + "contracts" + (trusted.isEmpty ? "" : " and \(trusted.map(\.checksummed).joined(separator: ", ")), which the document "
                                                    + "lists and this verifier trusts"))
        } else {
            verdict.mismatches.append("call: decoding the fields again gives other calls")
        }
        let warnings = staticWarnings(tx, call: call)
        let written = (root["warnings"]?.arrayValue ?? []).compactMap(\.stringValue)
        let missing = warnings.filter { !written.contains($0) }
        if root["warnings"] == .array(warnings.map(JSONValue.string)) {
            verdict.checked.append("the warnings that follow from the fields")
        } else if !missing.isEmpty {
            verdict.mismatches.append("warnings: the document leaves out what the fields give: " + missing.joined(separator: "; "))
        } else {
            verdict.mismatches.append("warnings: they are not the ones the fields give")
        }
        verdict.needsNode = notRechecked(root["simulation"])
        return verdict
    }

    /// The fields only a node can check, each named, with the block the document says the
    /// simulation ran on when it reads as a block number and hash (nothing else of the document is
    /// repeated).
    static func notRechecked(_ simulation: JSONValue?) -> [String] {
        let number = simulation?["blockNumber"]?.stringValue.flatMap { BigUInt($0, radix: 10) }
        let hash = simulation?["blockHash"]?.stringValue.flatMap { try? Hex.decode($0) }.flatMap { $0.count == 32 ? $0 : nil }
        let block = number.map { "block: the simulation ran at block \($0)" + (hash.map { " (\(Hex.encode($0)))" } ?? "") + ", by the writer's word" }
        return ["simulation: its outcome and reason are the writer's node's answer", block ?? "block: the document names no block it ran at",
                "effect: the Safe after the transaction", "events: what the transaction would log",
                "risks: those that depend on the chain or the writer's home"]
    }
}

/// What `SafeEvidence.verify` found.
public struct SafeEvidenceVerdict: Sendable, Equatable {
    /// What was recomputed and agreed.
    public var checked: [String] = []
    /// What disagreed; empty for a good document.
    public var mismatches: [String] = []
    /// The fields only a node can check, not re-checked, each named first.
    public var needsNode: [String] = []
    /// Delegatecall targets the document says its writer trusted that the verifier does not: the
    /// calls were decoded without trusting them.
    public var untrustedDelegates: [Address] = []

    /// Whether nothing disagreed.
    public var holds: Bool { mismatches.isEmpty }
}

/// An evidence document checked offline, trusting as delegatecall targets what this home trusts on
/// the document's chain (the contracts of the networks it knows there) and `trusting`, the
/// verifier's own additions; never the document's list.
public struct VerifySafeEvidence: SafeReviewAction {
    public let text: String
    public let trusting: [Address]
    public init(text: String, trusting: [Address] = []) {
        self.text = text
        self.trusting = trusting
    }
    public func perform(on store: SafeReviewStore) async throws -> SafeEvidenceVerdict {
        let extra = Set(trusting), connector = store.connector
        return await SafeEvidence.verify(text) { chainID in await connector.decoder(chainID: chainID).trustedDelegateCallTargets.union(extra) }
    }
}

