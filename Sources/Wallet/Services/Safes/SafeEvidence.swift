import BigInt
import Foundation
import SafeKit
import Storage

/// One deterministic JSON document of what a signer reviewed: the raw fields, the chain, the Safe
/// and its release, the three hashes, the decoded calls, the warnings, and the simulation with the
/// block it ran on, the after-state, the events and the risks; sealed by `evidenceHash`, the Keccak-256 of the
/// rest written compactly, so any changed byte is caught. `verify` checks one offline.
public enum SafeEvidence {
    /// The `format` every document carries.
    public static let format = "bifrost.safe-evidence"
    /// The layout version written.
    public static let version = 1

    /// The document for `entry` as `review` (pinned to a block) saw it, decoded trusting `trusted`.
    public static func document(entry: SafeTransactionEntry, review: SafeTransactionReview, trusted: [Address]) throws -> String {
        let tx = entry.transaction
        let encoder = JSONValueEncoder()
        let file = try SafeTransactionFile(transaction: tx, signatures: [])
        var simulation: [(key: String, value: JSONValue)] = []
        let view = SafeReviewView(review, entry: entry)
        simulation.append(("outcome", .string(view.simulation)))
        simulation.append(("reason", view.simulationReason.map(JSONValue.string) ?? .null))
        simulation.append(("blockNumber", review.block.map { .string(String($0.number)) } ?? .null))
        simulation.append(("blockHash", review.block.map { .string(Hex.encode($0.hash)) } ?? .null))
        let body: [(key: String, value: JSONValue)] = [
            ("format", .string(format)), ("version", .number(String(version))),
            ("transaction", try JSONParser.parse(file.json)),
            ("hashes", try encoder.encode(try SafeHashesView(tx))),
            ("trustedDelegates", .array(trusted.sorted().map { .string($0.checksummed) })),
            ("call", try encoder.encode(view.call)),
            ("warnings", .array(staticWarnings(tx, call: review.call).map(JSONValue.string))),
            ("simulation", .object(simulation)),
            ("effect", try encoder.encode(view.effect)),
            ("events", try encoder.encode(view.events)),
            ("risks", try encoder.encode(view.risks)),
        ]
        return JSONWriter.write(.object(body + [("evidenceHash", .string(seal(body)))]), pretty: true) + "\n"
    }

    /// The warnings the fields alone give: the decoder's, and a gas refund.
    static func staticWarnings(_ tx: SafeTx, call: DecodedCall) -> [String] {
        let refund = SafeRiskCheck(safeNonce: tx.nonce).risks(of: tx, call: call).filter { $0.name == "refund-drain" }.map(\.message)
        return call.allWarnings + refund
    }

    /// The Keccak-256 of `body` written compactly: the document's `evidenceHash`.
    static func seal(_ body: [(key: String, value: JSONValue)]) -> String {
        Hex.encode(Keccak256.hash(Array(JSONWriter.write(.object(body)).utf8)))
    }
}

/// The evidence document of a stored transaction: reviewed now, on the latest block, named in it.
public struct SafeEvidenceQuery: SafeReviewAction {
    public let safeTxHash: [UInt8]
    public let chain: ChainSelection
    public init(safeTxHash: [UInt8], chain: ChainSelection) {
        self.safeTxHash = safeTxHash
        self.chain = chain
    }
    public func perform(on store: SafeReviewStore) async throws -> String { try await store.evidence(self) }
}

extension SafeReviewStore {
    func evidence(_ q: SafeEvidenceQuery) async throws -> String {
        let entry = try await entry(q.safeTxHash)
        let review = try await review(ReviewSafeTransaction(safeTxHash: q.safeTxHash, chain: q.chain, pinned: true))
        let decoder = await connector.decoder(chainID: entry.transaction.chainID)
        let trusted = decoder.trustedDelegateCallTargets.subtracting(SafeDeployments.knownMultiSend)
        return try SafeEvidence.document(entry: entry, review: review, trusted: Array(trusted))
    }
}
