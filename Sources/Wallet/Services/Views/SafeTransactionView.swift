import BigInt
import Storage

/// A stored Safe transaction as every front end shows it: the JSON the command line prints
/// (`safe queue`), its text lines, and the dashboard's queue rows and transaction status.
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
    /// Whether it has its threshold of confirmations, where the Safe's owners are known.
    public var ready: Bool?
    public var signers: [String]
    /// Current owners who have not confirmed, in the Safe's order, where the owners are known.
    public var missing: [String]?
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
        ready = count?.isReady
        signers = entry.signatures.map(\.owner.checksummed)
        missing = count?.missing.map(\.checksummed)
        executionHash = entry.executionHash.map { Hex.encode($0) }
    }

    /// Where it stands in words: "2 of 3 confirmed", "ready to execute", or its status once it ran.
    public var standing: String {
        guard status == SafeTransactionStatus.queued.rawValue else { return status }
        guard let threshold else { return "\(confirmations) signed" }
        return ready == true ? "ready to execute" : "\(confirmations) of \(threshold) confirmed"
    }
}
