import Storage

/// Where a transaction's confirmations stand after a signature, in the JSON the command line
/// prints (`safe sign`).
public struct SafeConfirmationsView: Codable, Sendable, Hashable {
    /// The owner whose signature was just added; empty when none was.
    public var signer: String
    public var signature: String
    public var confirmations: JSONNumber
    public var threshold: JSONNumber
    /// Current owners who have not confirmed, in the Safe's order.
    public var missing: [String]

    /// The view of `c`.
    public init(_ c: SafeConfirmations) {
        signer = c.signature?.owner.checksummed ?? ""
        signature = c.signature.map { Hex.encode($0.bytes) } ?? ""
        confirmations = JSONNumber(c.count.confirmed)
        threshold = JSONNumber(c.count.threshold)
        missing = c.count.missing.map(\.checksummed)
    }
}
