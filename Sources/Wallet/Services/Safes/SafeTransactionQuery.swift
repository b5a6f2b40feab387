import Storage

/// One stored Safe transaction with what a detail screen shows: the Safe as last read, how far
/// the owners confirmed it, and the hashes an owner compares with a hardware wallet's screen.
public struct SafeTransactionDetail: Sendable, Equatable {
    public let entry: SafeTransactionEntry
    public let safe: Safe
    public let confirmations: ConfirmationCount
    /// The domain separator, struct hash and safeTxHash, as `safe tx-hash` prints them.
    public let hashes: SafeHashesView
    /// What the call does, decoded, with its warnings.
    public let call: DecodedCall

    /// A detail value (for previews and tests).
    public init(entry: SafeTransactionEntry, safe: Safe, confirmations: ConfirmationCount, hashes: SafeHashesView, call: DecodedCall) {
        self.entry = entry
        self.safe = safe
        self.confirmations = confirmations
        self.hashes = hashes
        self.call = call
    }

    /// The transaction as `safe queue` shows it, counted against the Safe's owners.
    public var view: SafeTransactionView { SafeTransactionView(entry, count: confirmations, safeNonce: safe.nonce) }
}

/// A stored Safe transaction of a followed Safe, offline.
public struct SafeTransactionQuery: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public init(safeTxHash: [UInt8]) { self.safeTxHash = safeTxHash }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeTransactionDetail { try await store.detail(self) }
}

extension SafeTransactionsStore {
    func detail(_ q: SafeTransactionQuery) async throws -> SafeTransactionDetail {
        let entry = try await entry(q.safeTxHash)
        let safe = try await followedSafe(of: entry.transaction)
        return SafeTransactionDetail(
            entry: entry, safe: safe,
            confirmations: try await count(entry, safe: safe),
            hashes: try SafeHashesView(entry.transaction),
            call: await connector.decoder(chainID: entry.transaction.chainID).decode(entry.transaction))
    }
}
