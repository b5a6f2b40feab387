import BigInt
import CoSigningStorage
import Foundation
import Services
import Storage

/// An action the co-signing store handles: its one store is in its type, so the compiler pairs
/// every action with the store, as the wallet's `StoreAction`s are paired with theirs.
public protocol CoSigningAction: Sendable {
    /// What performing the action produces.
    associatedtype Output: Sendable

    /// Performs the action on the co-signing store.
    func perform(on store: CoSigningStore) async throws -> Output
}

extension CoSigningStore {
    /// Performs `action` on this store and returns its result: the server's dispatcher.
    public func dispatch<A: CoSigningAction>(_ action: A) async throws -> A.Output {
        try await action.perform(on: self)
    }
}

/// The chain's ID, as the node reported it the first time.
public struct ServedChainID: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore) async throws -> BigUInt { try await store.chainID() }
}

/// A Safe as it is on chain, read within the store's cache age or now.
public struct ServedSafeState: CoSigningAction {
    public let address: Address
    public init(address: Address) { self.address = address }
    public func perform(on store: CoSigningStore) async throws -> SafeState { try await store.safe(address) }
}

/// Stores a proposal with its signatures, or adds them when it is stored already.
public struct ProposeServedTransaction: CoSigningAction {
    public let proposal: CoSigningProposal
    public init(_ proposal: CoSigningProposal) { self.proposal = proposal }
    public func perform(on store: CoSigningStore) async throws -> SafeTransactionEntry { try await store.propose(proposal) }
}

/// Adds a confirmation (one signature, or several packed) to a stored transaction.
public struct ConfirmServedTransaction: CoSigningAction {
    public let safeTxHash: [UInt8]
    public let signature: [UInt8]
    public init(safeTxHash: [UInt8], signature: [UInt8]) {
        self.safeTxHash = safeTxHash
        self.signature = signature
    }
    public func perform(on store: CoSigningStore) async throws -> SafeTransactionEntry {
        try await store.confirm(safeTxHash, signature: signature)
    }
}

/// The stored transaction with `safeTxHash`.
public struct ServedTransactionLookup: CoSigningAction {
    public let safeTxHash: [UInt8]
    public init(safeTxHash: [UInt8]) { self.safeTxHash = safeTxHash }
    public func perform(on store: CoSigningStore) async throws -> SafeTransactionEntry { try await store.transaction(safeTxHash) }
}

/// How many nonces a Safe's served transactions use, whatever a listing filters.
public struct CountServedNonces: CoSigningAction {
    public let chainID: BigUInt
    public let safe: Address
    public init(chainID: BigUInt, safe: Address) { (self.chainID, self.safe) = (chainID, safe) }
    public func perform(on store: CoSigningStore) async throws -> Int { try await store.storage.uniqueNonces(chainID: chainID, safe: safe) }
}

/// The delegates that sent the proposals of these transactions, for those a delegate sent.
public struct ServedProposingDelegates: CoSigningAction {
    public let safeTxHashes: [[UInt8]]
    public init(_ safeTxHashes: [[UInt8]]) { self.safeTxHashes = safeTxHashes }
    public func perform(on store: CoSigningStore) async throws -> [[UInt8]: Address] { try await store.storage.proposingDelegates(safeTxHashes) }
}

/// One page of a Safe's transactions, and how many match in all.
public struct ListServedTransactions: CoSigningAction {
    public let query: ServedTransactionQuery
    public init(_ query: ServedTransactionQuery) { self.query = query }
    public func perform(on store: CoSigningStore) async throws -> (count: Int, page: [SafeTransactionEntry]) {
        try await store.transactions(query)
    }
}

/// Deletes a pending transaction at its proposer's request, signed for this hour.
public struct DeleteServedTransaction: CoSigningAction {
    public let safeTxHash: [UInt8]
    public let signature: [UInt8]
    public init(safeTxHash: [UInt8], signature: [UInt8]) {
        self.safeTxHash = safeTxHash
        self.signature = signature
    }
    public func perform(on store: CoSigningStore) async throws { try await store.delete(safeTxHash, signature: signature) }
}

/// The Safes `owner` is an owner of: those stored, and those the owner index names that the chain bears out.
public struct ServedSafesOfOwner: CoSigningAction {
    public let owner: Address
    public init(owner: Address) { self.owner = owner }
    public func perform(on store: CoSigningStore) async throws -> [ServedSafe] { try await store.safes(ownedBy: owner) }
}

/// Adds a delegate for one Safe or for every Safe the delegator owns, signed by the delegator.
public struct AddServedDelegate: CoSigningAction {
    public let safe: Address?
    public let delegate: Address
    public let delegator: Address
    public let label: String
    public let expiry: Date?
    public let signature: [UInt8]
    public let scheme: DelegateSignatureScheme
    public init(safe: Address?, delegate: Address, delegator: Address, label: String, expiry: Date?, signature: [UInt8],
                scheme: DelegateSignatureScheme = .typedData) {
        self.safe = safe
        self.delegate = delegate
        self.delegator = delegator
        self.label = label
        self.expiry = expiry
        self.signature = signature
        self.scheme = scheme
    }
    public func perform(on store: CoSigningStore) async throws -> ServedDelegate {
        try await store.addDelegate(safe: safe, delegate: delegate, delegator: delegator, label: label, expiry: expiry, signature: signature,
                                    scheme: scheme)
    }
}

/// Removes a delegate, signed by the delegator or the delegate.
public struct RemoveServedDelegate: CoSigningAction {
    public let safe: Address?
    public let delegate: Address
    public let delegator: Address
    public let signature: [UInt8]
    public let scheme: DelegateSignatureScheme
    public init(safe: Address?, delegate: Address, delegator: Address, signature: [UInt8], scheme: DelegateSignatureScheme = .typedData) {
        self.safe = safe
        self.delegate = delegate
        self.delegator = delegator
        self.signature = signature
        self.scheme = scheme
    }
    public func perform(on store: CoSigningStore) async throws {
        try await store.removeDelegate(safe: safe, delegate: delegate, delegator: delegator, signature: signature, scheme: scheme)
    }
}

/// Removes `delegate` from `safe`, whoever gave it (the v1 per-Safe route): signed, in the v1
/// scheme, by a current owner of the Safe or by the delegate.
public struct RemoveServedSafeDelegate: CoSigningAction {
    public let safe: Address
    public let delegate: Address
    public let signature: [UInt8]
    public init(safe: Address, delegate: Address, signature: [UInt8]) {
        self.safe = safe
        self.delegate = delegate
        self.signature = signature
    }
    public func perform(on store: CoSigningStore) async throws {
        try await store.removeDelegate(of: safe, delegate: delegate, signature: signature)
    }
}

/// One page of delegates; at least one filter is required.
public struct ListServedDelegates: CoSigningAction {
    public let query: DelegateQuery
    public init(_ query: DelegateQuery) { self.query = query }
    public func perform(on store: CoSigningStore) async throws -> (count: Int, page: [ServedDelegate]) { try await store.delegates(query) }
}

/// Reads the chain's events since the last pass once: executions marked, replaced nonces marked.
public struct FollowServedChain: CoSigningAction {
    /// Blocks whose hashes are kept, and how far back a reorganisation is taken back.
    public let reorgDepth: Int
    /// The first block the owner index reads (`owners/{o}/safes` names Safes created from there on).
    public let ownerIndexFrom: BigUInt
    public init(reorgDepth: Int = 10, ownerIndexFrom: BigUInt = 0) {
        self.reorgDepth = max(reorgDepth, 1)
        self.ownerIndexFrom = ownerIndexFrom
    }
    public func perform(on store: CoSigningStore) async throws -> FollowReport {
        try await CoSigningFollower(service: store, reorgDepth: reorgDepth, ownerIndexFrom: ownerIndexFrom).step()
    }
}

/// Stores a Safe message signed by an owner, or adds the signatures when it is stored already.
public struct ProposeServedMessage: CoSigningAction {
    public let proposal: CoSigningMessageProposal
    public init(_ proposal: CoSigningMessageProposal) { self.proposal = proposal }
    public func perform(on store: CoSigningStore) async throws -> SafeMessageDetail { try await store.proposeMessage(proposal) }
}

/// Adds owners' signatures (one, or several packed) to a stored Safe message.
public struct ConfirmServedMessage: CoSigningAction {
    public let messageHash: [UInt8]
    public let signature: [UInt8]
    public init(messageHash: [UInt8], signature: [UInt8]) {
        self.messageHash = messageHash
        self.signature = signature
    }
    public func perform(on store: CoSigningStore) async throws -> SafeMessageDetail {
        try await store.confirmMessage(messageHash, signature: signature)
    }
}

/// The stored Safe message with `messageHash`, and where it stands.
public struct ServedMessageLookup: CoSigningAction {
    public let messageHash: [UInt8]
    public init(messageHash: [UInt8]) { self.messageHash = messageHash }
    public func perform(on store: CoSigningStore) async throws -> SafeMessageDetail {
        let (entry, safe) = try await store.message(messageHash)
        return SafeMessageDetail(entry, safe: safe)
    }
}

/// One page of a Safe's messages, newest first, and how many it has.
public struct ListServedMessages: CoSigningAction {
    public let safe: Address
    public let limit: Int
    public let offset: Int
    public init(safe: Address, limit: Int, offset: Int) {
        self.safe = safe
        self.limit = limit
        self.offset = offset
    }
    public func perform(on store: CoSigningStore) async throws -> (count: Int, page: [SafeMessageDetail]) {
        try await store.messages(of: safe, limit: limit, offset: offset)
    }
}
