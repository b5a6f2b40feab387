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
    /// The Safe's nonce this one waits for, when it is queued after it (`ExecutionReadiness`): until
    /// that nonce executes, being `ready` is not enough to execute.
    @NullWhenAbsent public var waitsForNonce: JSONNumber?

    /// The view of `entry`, counted by `count` (the one rule execution uses) where the Safe is known;
    /// without it the stored signatures are counted and `threshold` is left out.
    public init(_ entry: SafeTransactionEntry, count: ConfirmationCount? = nil) {
        self.init(entry, count: count, safeNonce: nil)
    }

    /// The same, where `safeNonce` is the Safe's next nonce, which a later transaction waits for.
    public init(_ entry: SafeTransactionEntry, count: ConfirmationCount?, safeNonce: BigUInt?) {
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
        if let count, let safeNonce, entry.status == .queued,
           case .waitsForNonce(let next, _) = ExecutionReadiness(nonce: t.nonce, safeNonce: safeNonce, count: count) {
            waitsForNonce = JSONNumber(next)
        }
    }

    /// Where it stands in words: "2 of 3 confirmed", "ready to execute", "confirmed; waits for nonce 4",
    /// or its status once it ran.
    public var standing: String {
        guard status == SafeTransactionStatus.queued.rawValue else { return status }
        guard let threshold else { return "\(confirmations) signed" }
        if let waitsForNonce {
            return (ready == true ? "confirmed" : "\(confirmations) of \(threshold) confirmed") + "; waits for nonce \(waitsForNonce)"
        }
        return ready == true ? "ready to execute" : "\(confirmations) of \(threshold) confirmed"
    }
}
