import BigInt
import Storage

/// A stored Safe transaction in the JSON the command line prints (`safe queue`, `safe history`).
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
    /// How many current owners confirmed it, where the Safe's owners are known; else how many
    /// signatures are stored for it.
    public var confirmations: JSONNumber
    /// The Safe's threshold, where the Safe's owners are known.
    public var threshold: JSONNumber?
    public var signers: [String]
    @NullWhenAbsent public var executionHash: String?

    /// The view of `entry`, counted by `count` (the one rule execution uses) where the Safe is known;
    /// without it the stored signatures are counted and `threshold` is left out.
    public init(_ entry: SafeTransactionEntry, count: ConfirmationCount? = nil) {
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
        confirmations = JSONNumber(count?.confirmed ?? entry.signatures.count)
        threshold = count.map { JSONNumber($0.threshold) }
        signers = entry.signatures.map(\.owner.checksummed)
        executionHash = entry.executionHash.map { Hex.encode($0) }
    }
}
