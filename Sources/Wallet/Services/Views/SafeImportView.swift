import Storage

/// What importing a signature-exchange file added, in the JSON the command line prints (`safe import`).
public struct SafeImportView: Codable, Sendable, Hashable {
    public var safeTxHash: String
    public var summary: String
    public var nonce: JSONNumber
    /// Owners whose signature was new, or replaced the one kept.
    public var added: [String]
    public var confirmations: JSONNumber
    public var threshold: JSONNumber
    public var missing: [String]

    /// The view of `r`.
    public init(_ r: SafeImportResult) {
        safeTxHash = Hex.encode(r.entry.safeTxHash)
        summary = r.entry.summary
        nonce = JSONNumber(r.entry.transaction.nonce)
        added = r.added.map(\.checksummed)
        confirmations = JSONNumber(r.count.confirmed)
        threshold = JSONNumber(r.count.threshold)
        missing = r.count.missing.map(\.checksummed)
    }
}
