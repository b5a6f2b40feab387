import Networking

/// A Safe's pending transactions on a Transaction Service, each with its count, in the JSON the
/// command line prints (`safe service list`).
public struct ServicePendingView: Codable, Sendable, Hashable {
    /// One pending transaction.
    public struct Item: Codable, Sendable, Hashable {
        public var safeTxHash: String
        public var nonce: JSONNumber
        public var to: String
        public var value: String
        /// Owners whose confirmation verified.
        public var confirmations: [String]
        public var confirmed: JSONNumber
        public var threshold: JSONNumber
        public var missing: [String]
        /// Confirmations the service listed that did not verify, with why.
        public var rejected: [String]
    }

    public var transactions: [Item]
    public var setAside: [String]
    /// How many pages of the service's listing were read.
    public var pages: JSONNumber

    /// The view of `pending`.
    public init(_ pending: ServicePendingTransactions) {
        transactions = pending.transactions.map { i in
            Item(safeTxHash: Hex.encode(i.safeTxHash), nonce: JSONNumber(i.transaction.nonce), to: i.transaction.to.checksummed,
                 value: String(i.transaction.value), confirmations: i.confirmations.map(\.owner.checksummed),
                 confirmed: JSONNumber(i.count.confirmed), threshold: JSONNumber(i.count.threshold), missing: i.count.missing.map(\.checksummed),
                 rejected: i.rejected)
        }
        setAside = pending.setAside
        pages = JSONNumber(pending.pages)
    }
}
