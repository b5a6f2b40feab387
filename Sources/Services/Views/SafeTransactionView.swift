import BigInt

/// A stored Safe transaction as every front end prints it in JSON (`safe queue`, `safe history`).
public struct SafeTransactionView: Codable, Sendable, Hashable {
    public var safeTxHash: String
    public var safe: String
    public var nonce: JSONNumber
    public var summary: String
    public var status: String
    public var to: String
    public var value: String
    public var data: String
    public var operation: String
    /// How many signatures are stored for it.
    public var confirmations: JSONNumber
    /// The Safe's threshold, where the caller read it.
    public var threshold: JSONNumber?
    public var signers: [String]
    @NullWhenAbsent public var executionHash: String?

    /// The view of `entry`; `threshold` is left out when nil.
    public init(_ entry: SafeTransactionEntry, threshold: BigUInt? = nil) {
        let t = entry.transaction
        safeTxHash = Hex.encode(entry.safeTxHash)
        safe = t.safe.checksummed
        nonce = JSONNumber(t.nonce)
        summary = entry.summary
        status = entry.status.rawValue
        to = t.to.checksummed
        value = String(t.value)
        data = Hex.encode(t.data)
        operation = t.operation.name
        confirmations = JSONNumber(entry.signatures.count)
        self.threshold = threshold.map(JSONNumber.init)
        signers = entry.signatures.map(\.owner.checksummed)
        executionHash = entry.executionHash.map { Hex.encode($0) }
    }
}
