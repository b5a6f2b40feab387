import BigInt
import EthereumKit
import Foundation
import SafeKit

/// Where a Safe transaction stands.
public enum SafeTransactionStatus: String, Sendable, Hashable, CaseIterable {
    /// Collecting signatures, or ready to execute.
    case queued
    /// Executed, and the Safe reported success.
    case executed
    /// Executed, and the inner call failed (`ExecutionFailure`); the nonce was still used.
    case failed
    /// Another transaction used its nonce first.
    case replaced
}

/// A proposed Safe transaction with the signatures collected so far.
public struct SafeTransactionEntry: Sendable, Hashable {
    public let transaction: SafeTx
    public let safeTxHash: [UInt8]
    public let signatures: [SafeSignature]
    public let status: SafeTransactionStatus
    /// The Ethereum transaction that executed it.
    public let executionHash: [UInt8]?
    /// A one-line summary shown in queues, e.g. `transfer 0.1 ETH to 0x7099…79C8`.
    public let summary: String
    public let createdAt: Date
    public let updatedAt: Date

    /// A Safe transaction entity.
    public init(transaction: SafeTx, safeTxHash: [UInt8], signatures: [SafeSignature], status: SafeTransactionStatus,
                executionHash: [UInt8]?, summary: String, createdAt: Date, updatedAt: Date) {
        self.transaction = transaction
        self.safeTxHash = safeTxHash
        self.signatures = signatures.sorted { $0.owner < $1.owner }
        self.status = status
        self.executionHash = executionHash
        self.summary = summary
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The signatures as a set, for the one rule that merges and counts them.
    public var confirmations: ConfirmationSet { ConfirmationSet(signatures) }

    /// The same entry with other signatures, status or execution hash.
    public func with(signatures: [SafeSignature]? = nil, status: SafeTransactionStatus? = nil, executionHash: [UInt8]? = nil,
                     updatedAt: Date) -> SafeTransactionEntry {
        SafeTransactionEntry(transaction: transaction, safeTxHash: safeTxHash, signatures: signatures ?? self.signatures,
                             status: status ?? self.status, executionHash: executionHash ?? self.executionHash, summary: summary,
                             createdAt: createdAt, updatedAt: updatedAt)
    }
}
