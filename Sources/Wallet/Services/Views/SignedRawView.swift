/// A transaction signed offline, as the command line prints it in JSON (`tx sign`).
public struct SignedRawView: Codable, Sendable, Hashable {
    /// The raw signed transaction, ready for `eth_sendRawTransaction`.
    public var raw: String
    public var hash: String
    public var from: String

    /// The view of `summary`.
    public init(_ summary: TransactionSummary) {
        raw = summary.rawHex
        hash = summary.hashHex
        from = summary.from.checksummed
    }
}
