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

/// A batch execution as the command line prints it (`safe execute HASH HASH …`).
public struct SafeBatchExecutionView: Codable, Sendable, Hashable {
    public var txHash: String
    public var status: String
    /// Whether every Safe transaction reported success; null until the receipt is read.
    @NullWhenAbsent public var success: Bool?
    /// The Safe transactions executed, in nonce order.
    public var executed: [Executed]

    /// One Safe transaction of the batch.
    public struct Executed: Codable, Sendable, Hashable {
        public var safeTxHash: String
        public var nonce: JSONNumber
        public var status: String
    }

    /// The view of `r`.
    public init(_ r: SafeBatchExecutionResult) {
        txHash = Hex.encode(r.transaction.hash)
        status = r.transaction.status.rawValue
        success = r.success
        executed = r.entries.map { Executed(safeTxHash: Hex.encode($0.safeTxHash), nonce: JSONNumber($0.transaction.nonce), status: $0.status.rawValue) }
    }
}
