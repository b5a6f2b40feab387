import Networking
import SafeKit
import Storage

/// A Safe's `ExecutionSuccess` or `ExecutionFailure`, read only from a log that passed the
/// chain-fact gate (logged by one of the Safes asked about, not removed). It speaks of that Safe
/// alone: it marks a stored record only when the record is that Safe's, with the hash it carries.
/// The wallet's history, its ledger and the server's follower all read executions through it.
package struct SafeExecutionFact {
    /// The Safe that logged it.
    package let safe: Address
    package let safeTxHash: [UInt8]
    package let success: Bool
    package let log: Log

    /// The execution `log` reports, when it is a fact about one of `safes`; nil for any other log.
    package init?(_ log: Log, of safes: Set<Address>) {
        guard log.isFact(from: safes), let execution = SafeEvents.execution(topics: log.topics, data: log.data) else { return nil }
        self.safe = log.address
        self.safeTxHash = execution.safeTxHash
        self.success = execution.success
        self.log = log
    }

    /// `stored` when it is the record this execution names: the same Safe and hash; nil for
    /// another Safe's record that a node's log claims.
    package func names(_ stored: SafeTransactionEntry?) -> SafeTransactionEntry? {
        guard let stored, stored.transaction.safe == safe, stored.safeTxHash == safeTxHash else { return nil }
        return stored
    }
}
