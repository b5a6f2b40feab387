import BigInt
import EthereumKit
import Foundation
import SafeKit
import Storage

/// Something that happened to a served Safe, kept in the database in the same transaction as the
/// change itself, so webhooks and event streams learn of every write that was acknowledged.
public struct ServedEvent: Sendable, Equatable {
    /// The official service's event types.
    public enum Kind: String, Sendable, CaseIterable {
        case pendingMultisigTransaction = "PENDING_MULTISIG_TRANSACTION"
        case newConfirmation = "NEW_CONFIRMATION"
        case executedMultisigTransaction = "EXECUTED_MULTISIG_TRANSACTION"
        case deletedMultisigTransaction = "DELETED_MULTISIG_TRANSACTION"
        case incomingEther = "INCOMING_ETHER"
        case outgoingEther = "OUTGOING_ETHER"
        case incomingToken = "INCOMING_TOKEN"
        case outgoingToken = "OUTGOING_TOKEN"
        case messageCreated = "MESSAGE_CREATED"
        case messageConfirmation = "MESSAGE_CONFIRMATION"
        /// The chain dropped blocks this server had read: what it said of them after `block` may not stand.
        case reorgDetected = "REORG_DETECTED"
    }

    /// Assigned by the storage, increasing; 0 before it is stored.
    public var id: Int64
    public var kind: Kind
    public var chainID: BigUInt
    public var safe: Address
    /// The Safe transaction's or message's hash.
    public var hash: [UInt8]?
    /// The owner who confirmed.
    public var owner: Address?
    /// The Ethereum transaction that executed or moved something.
    public var transactionHash: [UInt8]?
    /// The token contract of a token movement.
    public var token: Address?
    /// Wei or token units moved.
    public var value: BigUInt?
    /// An ERC-721 token's ID, instead of a value.
    public var tokenID: BigUInt?
    /// The block of an event read from the chain; for a reorganisation, the last block that stands.
    public var block: BigUInt?
    /// Whether an execution failed.
    public var failed: Bool?
    /// For events read from the chain: the same log read twice gives the same key, and is kept once.
    public var dedupKey: String?
    public var createdAt: Date

    /// An event, not yet stored.
    public init(_ kind: Kind, chainID: BigUInt, safe: Address, hash: [UInt8]? = nil, owner: Address? = nil, transactionHash: [UInt8]? = nil,
                token: Address? = nil, value: BigUInt? = nil, tokenID: BigUInt? = nil, failed: Bool? = nil, block: BigUInt? = nil,
                dedupKey: String? = nil, at time: Date, id: Int64 = 0) {
        self.id = id
        self.kind = kind
        self.chainID = chainID
        self.safe = safe
        self.hash = hash
        self.owner = owner
        self.transactionHash = transactionHash
        self.token = token
        self.value = value
        self.tokenID = tokenID
        self.block = block
        self.failed = failed
        self.dedupKey = dedupKey
        self.createdAt = time
    }
}

extension ServedEvent {
    /// What a transaction write announces: a new transaction is pending, and each owner whose
    /// signature was not there before has confirmed. A signature that replaces an owner's earlier
    /// one announces nothing; every backend asks this one rule.
    public static func transactionWritten(before: Set<Address>?, after: SafeTransactionEntry, at time: Date) -> [ServedEvent] {
        written(.pendingMultisigTransaction, .newConfirmation, chainID: after.transaction.chainID ?? 0, safe: after.transaction.safe,
                hash: after.safeTxHash, signers: after.storedSignatures.map(\.signature.owner), before: before, at: time)
    }

    /// What a message write announces, by the same rule as a transaction's.
    public static func messageWritten(before: Set<Address>?, after: SafeMessageEntry, at time: Date) -> [ServedEvent] {
        written(.messageCreated, .messageConfirmation, chainID: after.chainID, safe: after.safe, hash: after.messageHash,
                signers: after.storedSignatures.map(\.signature.owner), before: before, at: time)
    }

    /// `created` when there was nothing before (`before` nil), then `confirmed` for each signer not among `before`.
    private static func written(_ created: Kind, _ confirmed: Kind, chainID: BigUInt, safe: Address, hash: [UInt8], signers: [Address],
                                before: Set<Address>?, at time: Date) -> [ServedEvent] {
        (before == nil ? [ServedEvent(created, chainID: chainID, safe: safe, hash: hash, at: time)] : [])
            + signers.filter { !(before ?? []).contains($0) }.map { ServedEvent(confirmed, chainID: chainID, safe: safe, hash: hash, owner: $0, at: time) }
    }
}

extension ServedEvent {
    /// What a rewind announces: the reorganisation to each Safe concerned, then each unmarked
    /// execution's transaction as pending again; every backend asks this one rule.
    public static func rewound(chainID: BigUInt, safes: [Address], unmarked: [(safe: Address, safeTxHash: [UInt8])], after block: BigUInt,
                               at time: Date) -> [ServedEvent] {
        safes.map { ServedEvent(.reorgDetected, chainID: chainID, safe: $0, block: block, at: time) }
            + unmarked.map { ServedEvent(.pendingMultisigTransaction, chainID: chainID, safe: $0.safe, hash: $0.safeTxHash, at: time) }
    }
}

/// A stored event on its way to one webhook.
public struct PendingDelivery: Sendable, Equatable {
    public let event: ServedEvent
    /// Deliveries tried and failed so far.
    public let attempts: Int

    /// A delivery.
    public init(event: ServedEvent, attempts: Int) {
        self.event = event
        self.attempts = attempts
    }
}
