import BigInt
import EthereumKit
import Foundation
import SafeKit

/// A multisig transaction as a co-signing server holds it, with the confirmations it accepted.
public struct ServedTransaction: Sendable, Equatable {
    public let transaction: SafeTx
    public let safeTxHash: [UInt8]
    /// Who proposed it (an owner or a delegate).
    public let proposer: Address
    public let origin: String?
    /// Accepted confirmations, oldest first.
    public let confirmations: [ServedConfirmation]
    public let createdAt: Date
    public let modifiedAt: Date
    /// The Ethereum transaction that executed it, once seen on chain.
    public let executionHash: [UInt8]?
    /// Whether the execution succeeded; nil while pending.
    public let isSuccessful: Bool?

    /// A served transaction.
    public init(transaction: SafeTx, safeTxHash: [UInt8], proposer: Address, origin: String?, confirmations: [ServedConfirmation],
                createdAt: Date, modifiedAt: Date, executionHash: [UInt8]? = nil, isSuccessful: Bool? = nil) {
        self.transaction = transaction
        self.safeTxHash = safeTxHash
        self.proposer = proposer
        self.origin = origin
        self.confirmations = confirmations
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.executionHash = executionHash
        self.isSuccessful = isSuccessful
    }

    /// Whether it was executed on chain.
    public var isExecuted: Bool { executionHash != nil }
}

/// One owner's accepted confirmation.
public struct ServedConfirmation: Sendable, Equatable {
    public let signature: SafeSignature
    public let createdAt: Date

    /// A confirmation accepted at `createdAt`.
    public init(signature: SafeSignature, createdAt: Date) {
        self.signature = signature
        self.createdAt = createdAt
    }
}

/// Which of a Safe's served transactions to list, in what order, which page.
public struct ServedTransactionQuery: Sendable, Equatable {
    /// How the nonce compares to a bound.
    public enum NonceBound: Sendable, Equatable {
        case equal(BigUInt), atLeast(BigUInt), above(BigUInt), atMost(BigUInt), below(BigUInt)
    }
    /// The field the list is sorted by.
    public enum Order: String, Sendable, Equatable { case nonce, created, modified }

    public var chainID: BigUInt
    public var safe: Address
    public var executed: Bool?
    public var nonce: [NonceBound]
    public var safeTxHash: [UInt8]?
    public var order: Order
    public var descending: Bool
    public var limit: Int
    public var offset: Int

    /// A query; by default the newest nonces first, as the official service lists them.
    public init(chainID: BigUInt, safe: Address, executed: Bool? = nil, nonce: [NonceBound] = [], safeTxHash: [UInt8]? = nil,
                order: Order = .nonce, descending: Bool = true, limit: Int = 100, offset: Int = 0) {
        self.chainID = chainID
        self.safe = safe
        self.executed = executed
        self.nonce = nonce
        self.safeTxHash = safeTxHash
        self.order = order
        self.descending = descending
        self.limit = limit
        self.offset = offset
    }
}

/// Where a co-signing server keeps its transactions: one protocol, so SQLite and PostgreSQL
/// answer the same suite.
public protocol CoSigningStorage: Sendable {
    /// Stores `transaction` unless its hash is there, then adds the confirmations of owners not yet
    /// confirmed, in one write; answers the stored transaction. Repeating a write changes nothing.
    func save(_ transaction: SafeTx, safeTxHash: [UInt8], proposer: Address, origin: String?, confirmations: [SafeSignature],
              at time: Date) async throws(StorageError) -> ServedTransaction
    /// Adds the confirmations of owners not yet confirmed; nil when no such transaction is stored.
    func confirm(_ safeTxHash: [UInt8], with confirmations: [SafeSignature], at time: Date) async throws(StorageError) -> ServedTransaction?
    /// The transaction with `safeTxHash`.
    func transaction(_ safeTxHash: [UInt8]) async throws(StorageError) -> ServedTransaction?
    /// One page of `query`'s transactions and how many match in all.
    func transactions(_ query: ServedTransactionQuery) async throws(StorageError) -> (count: Int, page: [ServedTransaction])
    /// Removes a pending transaction; false when there was none.
    func delete(_ safeTxHash: [UInt8]) async throws(StorageError) -> Bool
}
