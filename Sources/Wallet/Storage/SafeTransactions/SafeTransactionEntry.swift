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

/// One owner's signature and when it was stored.
public struct StoredSignature: Sendable, Hashable {
    public let signature: SafeSignature
    public let addedAt: Date

    /// A signature stored at `addedAt`.
    public init(_ signature: SafeSignature, addedAt: Date) {
        self.signature = signature
        self.addedAt = addedAt
    }

    /// A signature row as stored, `owner` checksummed and `signature` hex, of the transaction or
    /// message `hash`; a row that does not read is named in the error.
    static func reading(owner: String, signature: String, addedAt: Date, of hash: String) throws(StorageError) -> StoredSignature {
        guard let bytes = try? Hex.decode(signature), let address = try? Address(owner), let read = try? SafeSignature(owner: address, stored: bytes) else {
            throw .unreadable("\(owner)'s signature of \(hash)")
        }
        return StoredSignature(read, addedAt: addedAt)
    }
}

/// A proposed Safe transaction with the signatures collected so far: the one entity the wallet
/// and the co-signing server (SQLite and PostgreSQL) store and read.
public struct SafeTransactionEntry: Sendable, Hashable {
    public let transaction: SafeTx
    public let safeTxHash: [UInt8]
    /// The signatures with when each was stored, oldest first.
    public let storedSignatures: [StoredSignature]
    public let status: SafeTransactionStatus
    /// The Ethereum transaction that executed it.
    public let executionHash: [UInt8]?
    /// A one-line summary shown in queues, e.g. `transfer 0.1 ETH to 0x7099…79C8`; empty where
    /// none was written (a server stores what it is sent).
    public let summary: String
    /// Who proposed it (an owner or a delegate), where known.
    public let proposer: Address?
    /// The proposing app's own note, as the Transaction Service keeps it.
    public let origin: String?
    public let createdAt: Date
    public let updatedAt: Date

    /// An entry whose signatures were stored at the given times.
    public init(transaction: SafeTx, safeTxHash: [UInt8], storedSignatures: [StoredSignature], status: SafeTransactionStatus,
                executionHash: [UInt8]?, summary: String, proposer: Address? = nil, origin: String? = nil, createdAt: Date, updatedAt: Date) {
        self.transaction = transaction
        self.safeTxHash = safeTxHash
        // Ties keep one order, so two reads of one row compare equal.
        self.storedSignatures = storedSignatures.sorted { ($0.addedAt, $0.signature.owner) < ($1.addedAt, $1.signature.owner) }
        self.status = status
        self.executionHash = executionHash
        self.summary = summary
        self.proposer = proposer
        self.origin = origin
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// An entry whose signatures are all stored at `updatedAt`.
    public init(transaction: SafeTx, safeTxHash: [UInt8], signatures: [SafeSignature], status: SafeTransactionStatus,
                executionHash: [UInt8]?, summary: String, proposer: Address? = nil, origin: String? = nil, createdAt: Date, updatedAt: Date) {
        self.init(transaction: transaction, safeTxHash: safeTxHash, storedSignatures: signatures.map { StoredSignature($0, addedAt: updatedAt) },
                  status: status, executionHash: executionHash, summary: summary, proposer: proposer, origin: origin,
                  createdAt: createdAt, updatedAt: updatedAt)
    }

    /// The signatures, by owner address.
    public var signatures: [SafeSignature] { storedSignatures.map(\.signature).sorted { $0.owner < $1.owner } }

    /// The signatures as a set, for the one rule that merges and counts them.
    public var confirmations: ConfirmationSet { ConfirmationSet(storedSignatures.map(\.signature)) }

    /// Whether it was executed on chain.
    public var isExecuted: Bool { executionHash != nil }

    /// Whether the execution succeeded; nil while it has not run.
    public var isSuccessful: Bool? {
        switch status {
        case .executed: true
        case .failed: false
        case .queued, .replaced: nil
        }
    }

    /// The same entry with other signatures (stored at `updatedAt`), status or execution hash.
    /// The same transaction back in the queue with no execution recorded: a mark the chain does
    /// not bear out is taken back.
    public func requeued(at time: Date) -> SafeTransactionEntry {
        SafeTransactionEntry(transaction: transaction, safeTxHash: safeTxHash, storedSignatures: storedSignatures, status: .queued,
                             executionHash: nil, summary: summary, proposer: proposer, origin: origin, createdAt: createdAt, updatedAt: time)
    }

    public func with(signatures: [SafeSignature]? = nil, status: SafeTransactionStatus? = nil, executionHash: [UInt8]? = nil,
                     updatedAt: Date) -> SafeTransactionEntry {
        SafeTransactionEntry(transaction: transaction, safeTxHash: safeTxHash,
                             storedSignatures: signatures.map { $0.map { StoredSignature($0, addedAt: updatedAt) } } ?? storedSignatures,
                             status: status ?? self.status, executionHash: executionHash ?? self.executionHash, summary: summary,
                             proposer: proposer, origin: origin, createdAt: createdAt, updatedAt: updatedAt)
    }
}
