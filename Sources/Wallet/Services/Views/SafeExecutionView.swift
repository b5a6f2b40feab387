import Storage

/// An execution sent, in the JSON the command line prints (`safe execute`).
public struct SafeExecutionView: Codable, Sendable, Hashable {
    public var txHash: String
    public var status: String
    /// Whether the Safe reported success; null until the receipt is read.
    @NullWhenAbsent public var success: Bool?

    /// The view of `r`.
    public init(_ r: SafeExecutionResult) {
        txHash = Hex.encode(r.transaction.hash)
        status = r.transaction.status.rawValue
        success = r.success
    }
}
