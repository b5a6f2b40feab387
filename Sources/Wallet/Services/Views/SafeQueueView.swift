/// A Safe's queue in the JSON the command line prints (`safe queue`): each transaction counted
/// against the owners the queue read.
public struct SafeQueueView: Codable, Sendable, Hashable {
    public var safe: String
    public var nonce: JSONNumber
    public var threshold: JSONNumber
    /// Whether the Safe was read from the chain just now, rather than as last stored.
    public var live: Bool
    public var transactions: [SafeTransactionView]

    /// The view of `queue`.
    public init(_ queue: SafeQueue) {
        safe = queue.safe.address.checksummed
        nonce = JSONNumber(queue.safe.nonce)
        threshold = JSONNumber(queue.safe.threshold)
        live = queue.live
        transactions = queue.entries.map { SafeTransactionView($0, count: queue.confirmations(of: $0), safeNonce: queue.safe.nonce) }
    }
}

/// One execution of a Safe transaction, from the Safe's events (`safe history`).
public struct SafeHistoryItemView: Codable, Sendable, Hashable {
    public var safeTxHash: String
    @NullWhenAbsent public var txHash: String?
    @NullWhenAbsent public var blockNumber: JSONNumber?
    public var success: Bool
    /// The nonce and summary, when the transaction went through this home.
    @NullWhenAbsent public var nonce: JSONNumber?
    @NullWhenAbsent public var summary: String?

    /// The view of `item`.
    public init(_ item: SafeHistoryItem) {
        safeTxHash = Hex.encode(item.safeTxHash)
        txHash = item.transactionHash.map { Hex.encode($0) }
        blockNumber = item.blockNumber.map { JSONNumber($0) }
        success = item.success
        nonce = item.entry.map { JSONNumber($0.transaction.nonce) }
        summary = item.entry?.summary
    }
}
