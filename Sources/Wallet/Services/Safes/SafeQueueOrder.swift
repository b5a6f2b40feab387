import BigInt
import SafeKit
import Storage

/// A Safe's queue in the order the Safe can run it, as Safe{Wallet} shows it: the transactions at
/// the Safe's nonce ("Next") apart from later ones ("Queued"), those sharing a nonce grouped as a
/// conflict of which only one can execute, and the run of ready transactions one batch could execute.
public struct SafeQueueOrder: Sendable, Equatable {
    /// One queued transaction with its count and where it stands.
    public struct Item: Sendable, Equatable {
        public let entry: SafeTransactionEntry
        public let count: ConfirmationCount
        public let readiness: ExecutionReadiness
    }

    /// The transactions at one nonce.
    public struct Group: Sendable, Equatable {
        public let nonce: BigUInt
        /// The proposals first, then the rejections, each oldest first.
        public let items: [Item]
        /// Two or more transactions share the nonce: executing one makes the others void.
        public var isConflict: Bool { items.count > 1 }
    }

    /// The Safe's next nonce.
    public let safeNonce: BigUInt
    /// The transactions at the Safe's nonce; nil when none waits there.
    public let next: Group?
    /// Later nonces, lowest first.
    public let queued: [Group]
    /// The consecutive nonces from the Safe's on at which exactly one transaction is ready, and may
    /// run in a batch (`SafeTx.runsInBatch`), in order: what one Ethereum transaction could execute. Offered as a batch only from two on.
    public let batch: [SafeTransactionEntry]

    /// Orders `entries` (queued ones; those below `safeNonce` are left out) counted by `count`.
    public init(safeNonce: BigUInt, entries: [SafeTransactionEntry], count: (SafeTransactionEntry) -> ConfirmationCount) {
        self.safeNonce = safeNonce
        let byNonce = Dictionary(grouping: entries.filter { $0.status == .queued && $0.transaction.nonce >= safeNonce }, by: \.transaction.nonce)
        let groups = byNonce.keys.sorted().map { nonce in
            let items = byNonce[nonce, default: []]
                .sorted(by: Self.precedes)
                .map { entry in
                    let c = count(entry)
                    return Item(entry: entry, count: c, readiness: ExecutionReadiness(nonce: entry.transaction.nonce, safeNonce: safeNonce, count: c))
                }
            return Group(nonce: nonce, items: items)
        }
        next = groups.first { $0.nonce == safeNonce }
        queued = groups.filter { $0.nonce > safeNonce }
        var run: [SafeTransactionEntry] = []
        for group in groups {
            let confirmed = group.items.filter(\.count.isReady)
            guard group.nonce == safeNonce + BigUInt(run.count), confirmed.count == 1, confirmed[0].entry.transaction.runsInBatch else { break }
            run.append(confirmed[0].entry)
        }
        batch = run
    }

    /// Proposals before rejections, then the older first; the hash breaks ties so the order is stable.
    static func precedes(_ a: SafeTransactionEntry, _ b: SafeTransactionEntry) -> Bool {
        if a.transaction.isRejection != b.transaction.isRejection { return !a.transaction.isRejection }
        if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
        return a.safeTxHash.lexicographicallyPrecedes(b.safeTxHash)
    }

    /// Whether executing several at once is worth offering.
    public var canBatch: Bool { batch.count >= 2 }

    /// Every group, the next one first.
    public var groups: [Group] { (next.map { [$0] } ?? []) + queued }
}

extension SafeQueue {
    /// This queue in the Safe's order.
    public var order: SafeQueueOrder { SafeQueueOrder(safeNonce: safe.nonce, entries: entries, count: confirmations(of:)) }
}

extension SafeTransactionDetail {
    /// Whether it can execute now: its count, and the Safe's nonce as last read.
    public var readiness: ExecutionReadiness {
        ExecutionReadiness(nonce: entry.transaction.nonce, safeNonce: safe.nonce, count: confirmations)
    }
}
