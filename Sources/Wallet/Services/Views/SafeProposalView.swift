import Storage

/// A transaction just proposed, in the JSON the command line prints (`safe propose`).
public struct SafeProposalView: Codable, Sendable, Hashable {
    public var safeTxHash: String
    public var nonce: JSONNumber
    public var summary: String

    /// The view of `entry`.
    public init(_ entry: SafeTransactionEntry) {
        safeTxHash = Hex.encode(entry.safeTxHash)
        nonce = JSONNumber(entry.transaction.nonce)
        summary = entry.summary
    }
}
