import Networking
import SafeKit
import Storage

/// A Safe's pending transactions on a Transaction Service, each verified and counted against the
/// Safe's current owners the way execution counts.
public struct ServicePendingTransactions: Sendable, Equatable {
    public let transactions: [ServicePendingTransaction]
    /// Entries that did not verify (a hash that does not match its fields, a bad field, another
    /// Safe's), each with why.
    public let setAside: [String]
    /// How many pages of the service's listing were read.
    public let pages: Int
}

/// One pending transaction as the service listed it, with its confirmations counted.
@dynamicMemberLookup
public struct ServicePendingTransaction: Sendable, Equatable {
    /// The service's listing, only verified confirmations kept.
    public let listing: SafeServiceTransaction
    /// The kept confirmations of current owners against the threshold.
    public let count: ConfirmationCount

    /// `listing` with its confirmations counted as `count`.
    public init(_ listing: SafeServiceTransaction, count: ConfirmationCount) {
        self.listing = listing
        self.count = count
    }

    public subscript<T>(dynamicMember path: KeyPath<SafeServiceTransaction, T>) -> T { listing[keyPath: path] }
}
