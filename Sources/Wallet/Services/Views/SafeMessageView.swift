import BigInt
import SafeKit

/// A Safe message in the JSON the command line prints (`safe message show`, `propose`, `sign`):
/// the message, both hashes to compare, who signed, and the final signature once enough did.
public struct SafeMessageView: Codable, Sendable, Hashable {
    /// One owner's signature.
    public struct SignatureView: Codable, Sendable, Hashable {
        public var owner: String
        public var signature: String
    }

    /// The SafeMessage hash the owners sign.
    public var messageHash: String
    public var safe: String
    public var chainId: String
    public var safeVersion: String
    /// `text` or `typedData`.
    public var kind: String
    /// The text, or the typed data's JSON.
    public var message: String
    @NullWhenAbsent public var proposer: String?
    /// The message's own digest: what an app asks the Safe's `isValidSignature` about.
    public var digest: String
    public var signatures: [SignatureView]
    public var confirmations: Int
    public var threshold: JSONNumber
    public var missing: [String]
    /// The owners' signatures packed for `isValidSignature`, once the threshold is met.
    @NullWhenAbsent public var finalSignature: String?
    /// The Safe's EIP-712 domain hash and the SafeMessage struct hash: the two hashes a hardware
    /// wallet shows when it signs `messageHash`.
    @NullWhenAbsent public var domainHash: String?
    @NullWhenAbsent public var structHash: String?

    /// The view of `detail`.
    public init(_ detail: SafeMessageDetail) {
        let e = detail.entry
        messageHash = Hex.encode(e.messageHash)
        safe = e.safe.checksummed
        chainId = String(e.chainID)
        safeVersion = e.version.rawValue
        kind = e.kind.rawValue
        message = e.message
        proposer = e.proposer?.checksummed
        digest = Hex.encode(detail.digest)
        signatures = e.signatures.map { SignatureView(owner: $0.owner.checksummed, signature: Hex.encode($0.bytes)) }
        confirmations = detail.count.confirmed
        threshold = JSONNumber(detail.count.threshold)
        missing = detail.count.missing.map(\.checksummed)
        finalSignature = detail.finalSignature.map { Hex.encode($0) }
        let hashes = (try? e.safeMessage().preimage()).flatMap { try? TypedDataHashes(preimage: $0) }
        domainHash = hashes.map { Hex.encode($0.domainHash) }
        structHash = hashes.map { Hex.encode($0.messageHash) }
    }

    /// The message and its standing as lines for a person.
    public var lines: [String] {
        var out = ["Safe message \(messageHash)", "Safe \(safe) on chain \(chainId) (Safe \(safeVersion))"]
        out += kind == "text" ? ["text:"] + message.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } : ["typed data: \((try? JSONParser.parse(message)).map { JSONWriter.write($0) } ?? message)"]
        out += ["digest (apps ask isValidSignature about it): \(digest)", "SafeMessage hash (owners sign it):           \(messageHash)",
                "signed: \(confirmations) of \(threshold)" + (signatures.isEmpty ? "" : " (\(signatures.map(\.owner).joined(separator: ", ")))")]
        if !missing.isEmpty && finalSignature == nil { out.append("waiting for: \(missing.joined(separator: ", "))") }
        if let finalSignature { out.append("final signature: \(finalSignature)") }
        return out
    }
}

/// What the Safe answered about a message's signature (`safe message verify`).
public struct SafeMessageVerdictView: Codable, Sendable, Hashable {
    public var valid: Bool
    @NullWhenAbsent public var reason: String?
    public var signature: String

    /// The view of `verdict`.
    public init(_ verdict: SafeMessageVerdict) {
        valid = verdict.valid
        reason = verdict.reason
        signature = Hex.encode(verdict.signature)
    }
}
