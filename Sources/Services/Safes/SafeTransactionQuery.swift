import Storage

/// One stored Safe transaction with what a detail screen shows: the Safe as last read, how far
/// the owners confirmed it, and the hashes an owner compares with a hardware wallet's screen.
public struct SafeTransactionDetail: Sendable, Equatable {
    public let entry: SafeTransactionEntry
    public let safe: Safe
    public let confirmations: ConfirmationCount
    /// The EIP-712 domain separator (chain ID and the Safe's address).
    public let domainSeparator: [UInt8]
    /// The EIP-712 hash of the transaction's fields; with the domain it makes the safeTxHash.
    public let structHash: [UInt8]
    /// What the call does, decoded, with its warnings.
    public let call: DecodedCall

    /// A detail value (for previews and tests).
    public init(entry: SafeTransactionEntry, safe: Safe, confirmations: ConfirmationCount, domainSeparator: [UInt8], structHash: [UInt8],
                call: DecodedCall) {
        self.entry = entry
        self.safe = safe
        self.confirmations = confirmations
        self.domainSeparator = domainSeparator
        self.structHash = structHash
        self.call = call
    }
}

/// A stored Safe transaction of a followed Safe, offline.
public struct SafeTransactionQuery: SafeAction {
    public let safeTxHash: [UInt8]
    public init(safeTxHash: [UInt8]) { self.safeTxHash = safeTxHash }
    public func perform(on store: SafeStore) async throws -> SafeTransactionDetail { try await store.detail(self) }
}

extension SafeStore {
    func detail(_ q: SafeTransactionQuery) async throws -> SafeTransactionDetail {
        let entry = try await entry(q.safeTxHash)
        let safe = try await followedSafe(of: entry.transaction)
        return SafeTransactionDetail(
            entry: entry, safe: safe,
            confirmations: safe.count(entry.confirmations),
            domainSeparator: try entry.transaction.domainSeparator(), structHash: try entry.transaction.structHash,
            call: await connector.decoder(chainID: entry.transaction.chainID).decode(entry.transaction))
    }
}
