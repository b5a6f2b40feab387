import BigInt
import EthereumKit
import SafeKit

/// A multisig transaction as the Safe Transaction Service lists it, already verified: the hash
/// recomputed from the fields and each confirmation recovered to its owner.
public struct SafeServiceTransaction: Sendable, Equatable {
    public let transaction: SafeTx
    public let safeTxHash: [UInt8]
    public let confirmations: [SafeSignature]
    public let isExecuted: Bool
    /// Confirmations the service listed that did not verify, with the reason.
    public let rejected: [String]

    /// The same listing with only `kept` counted and `reasons` added to the rejected ones.
    public func keeping(_ kept: [SafeSignature], rejecting reasons: [String]) -> SafeServiceTransaction {
        SafeServiceTransaction(transaction: transaction, safeTxHash: safeTxHash, confirmations: kept, isExecuted: isExecuted,
                               rejected: rejected + reasons)
    }
}

/// What a Transaction Service listed: the transactions that verified, and why others did not.
public struct SafeServiceListing: Sendable, Equatable {
    public let transactions: [SafeServiceTransaction]
    /// Entries that did not verify (a hash that does not match its fields, a bad field), each with why.
    public let setAside: [String]
    /// How many pages of the service's listing were read (at most `SafeServiceRemote.maxPages`).
    public let pages: Int

    /// A listing, read in `pages` pages.
    public init(transactions: [SafeServiceTransaction], setAside: [String], pages: Int = 1) {
        self.transactions = transactions
        self.setAside = setAside
        self.pages = pages
    }
}

/// A Safe as the Transaction Service describes it (`GET /api/v1/safes/{address}/`).
public struct SafeServiceInfo: Sendable, Equatable {
    public let address: Address
    public let nonce: BigUInt
    public let threshold: BigUInt
    public let owners: [Address]
    public let version: String?
}
