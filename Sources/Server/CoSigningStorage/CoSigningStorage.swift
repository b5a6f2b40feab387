import BigInt
import EthereumKit
import Foundation
import SafeKit
import Storage

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

extension ServedTransactionQuery {
    /// The nonces every bound allows, as one closed range (no upper end when none is given); nil
    /// when the bounds exclude every nonce.
    public var nonceRange: (lowerBound: BigUInt, upperBound: BigUInt?)? {
        var low = BigUInt(0), high: BigUInt?
        for bound in nonce {
            switch bound {
            case .equal(let n): low = max(low, n); high = min(high ?? n, n)
            case .atLeast(let n): low = max(low, n)
            case .above(let n): low = max(low, n + 1)
            case .atMost(let n): high = min(high ?? n, n)
            case .below(let n):
                guard n > 0 else { return nil }
                high = min(high ?? n - 1, n - 1)
            }
        }
        if let high, high < low { return nil }
        return (low, high)
    }
}

/// Where a co-signing server keeps its transactions, delegates, the Safes it serves and how far
/// it has followed the chain, and who follows it: one protocol, so SQLite and PostgreSQL answer the same suite.
public protocol CoSigningStorage: FollowerElection {
    /// Stores `transaction` unless its hash is there, then merges the confirmations by
    /// `ConfirmationSet`'s rule, in one write; answers the stored transaction. Repeating a write
    /// changes nothing.
    /// A delegate's proposal is the delegator's (`proposer`), sent by `proposedByDelegate`.
    func save(_ transaction: SafeTx, safeTxHash: [UInt8], proposer: Address, proposedByDelegate: Address?, origin: String?,
              confirmations: [SafeSignature], at time: Date) async throws(StorageError) -> SafeTransactionEntry
    /// The delegates that sent the proposals of `safeTxHashes`, for those a delegate sent.
    func proposingDelegates(_ safeTxHashes: [[UInt8]]) async throws(StorageError) -> [[UInt8]: Address]
    /// Merges the confirmations by `ConfirmationSet`'s rule; nil when no such transaction is stored.
    func confirm(_ safeTxHash: [UInt8], with confirmations: [SafeSignature], at time: Date) async throws(StorageError) -> SafeTransactionEntry?
    /// The transaction with `safeTxHash`.
    func transaction(_ safeTxHash: [UInt8]) async throws(StorageError) -> SafeTransactionEntry?
    /// One page of `query`'s transactions and how many match in all.
    func transactions(_ query: ServedTransactionQuery) async throws(StorageError) -> (count: Int, page: [SafeTransactionEntry])
    /// How many distinct nonces the Safe's stored transactions use (the lists' `countUniqueNonce`).
    func uniqueNonces(chainID: BigUInt, safe: Address) async throws(StorageError) -> Int
    /// Removes a pending transaction; false when there was none.
    func delete(_ safeTxHash: [UInt8], at time: Date) async throws(StorageError) -> Bool

    /// Records that `safeTxHash` was executed by `transactionHash`; false when it is not stored or
    /// already marked. A replaced mark gives way: the chain says it ran.
    func markExecuted(_ safeTxHash: [UInt8], transactionHash: [UInt8], block: BigUInt?, successful: Bool, at time: Date) async throws(StorageError) -> Bool
    /// Marks the Safe's pending transactions with a nonce below `nonce` replaced; answers how many.
    func markReplaced(chainID: BigUInt, safe: Address, below nonce: BigUInt, at time: Date) async throws(StorageError) -> Int

    /// Stores the Safe as last read from the chain, replacing what was stored of it.
    func remember(_ safe: ServedSafe) async throws(StorageError)
    /// Every Safe the server serves on `chainID`, by address.
    func servedSafes(chainID: BigUInt) async throws(StorageError) -> [ServedSafe]
    /// The served Safes that `owner` owned when they were last read, by address.
    func safes(ownedBy owner: Address, chainID: BigUInt) async throws(StorageError) -> [ServedSafe]

    /// Stores a delegate, replacing the label and expiry of the same (safe, delegate, delegator).
    func saveDelegate(_ delegate: ServedDelegate) async throws(StorageError)
    /// One page of the delegates `query` matches, oldest first, and how many match in all.
    func delegates(_ query: DelegateQuery) async throws(StorageError) -> (count: Int, page: [ServedDelegate])
    /// Removes `delegate` of `delegator`, for `safe` only or, with nil, for every Safe and none;
    /// answers how many were removed.
    func removeDelegate(chainID: BigUInt, delegate: Address, delegator: Address, safe: Address?) async throws(StorageError) -> Int

    /// Stores `message` unless its hash is there, then merges its signatures by `ConfirmationSet`'s
    /// rule, in one write; answers the stored message. Repeating a write changes nothing.
    func saveMessage(_ message: SafeMessageEntry) async throws(StorageError) -> SafeMessageEntry
    /// Merges `signatures` into the stored message; nil when no such message is stored.
    func confirmMessage(_ messageHash: [UInt8], with signatures: [SafeSignature], at time: Date) async throws(StorageError) -> SafeMessageEntry?
    /// The message with `messageHash`.
    func message(_ messageHash: [UInt8]) async throws(StorageError) -> SafeMessageEntry?
    /// One page of the Safe's messages, newest first, and how many it has in all.
    func messages(chainID: BigUInt, safe: Address, limit: Int, offset: Int) async throws(StorageError) -> (count: Int, page: [SafeMessageEntry])

    /// Stores events read from the chain, skipping any whose dedup key is stored already, and
    /// queues them for every webhook; answers how many were new.
    @discardableResult
    func appendEvents(_ events: [ServedEvent]) async throws(StorageError) -> Int
    /// Up to `limit` stored events after `id`, oldest first. Events of writes are stored by the
    /// writes themselves, in the same transaction.
    func events(after id: Int64, limit: Int) async throws(StorageError) -> [ServedEvent]
    /// The ERC-20 tokens the follower saw move to or from `safe` (any served Safe when nil), by address.
    func tokensMoved(chainID: BigUInt, safe: Address?) async throws(StorageError) -> [Address]
    /// The newest stored event's ID; 0 when there is none.
    func latestEventID() async throws(StorageError) -> Int64
    /// The webhooks new events are queued for; one no longer listed loses its queue and its dead letters.
    func setWebhooks(_ urls: [String]) async throws(StorageError)
    /// Up to `limit` events waiting for `webhook`, oldest first, claimed or not.
    func pendingDeliveries(webhook: String, limit: Int) async throws(StorageError) -> [PendingDelivery]
    /// Claims up to `limit` events waiting for `webhook` that no one holds at `time`, oldest
    /// first, for this process until `time + lease`: several servers on one database then send
    /// each event once, and a crashed server's claims come back when their lease runs out.
    func claimDeliveries(webhook: String, limit: Int, at time: Date, lease: Duration) async throws(StorageError) -> [PendingDelivery]
    /// Gives back claimed events not delivered, for the next claim to take at once.
    func releaseDeliveries(eventIDs: [Int64], webhook: String) async throws(StorageError)
    /// Takes a delivered event out of `webhook`'s queue; the webhook is no longer failing.
    func delivered(eventID: Int64, webhook: String) async throws(StorageError)
    /// Counts a failed delivery of the event to `webhook` at `time`; answers when the webhook began
    /// failing, kept from its first failure since it last took a delivery (`time` for a first).
    func deliveryFailed(eventID: Int64, webhook: String, at time: Date) async throws(StorageError) -> Date
    /// Moves every event waiting for `webhook` out of the outbox into the dead letters, at `time`;
    /// answers how many moved.
    func deadLetter(webhook: String, at time: Date) async throws(StorageError) -> Int
    /// Deliveries waiting, every webhook's together; dead letters are not among them.
    func outboxDepth() async throws(StorageError) -> Int
    /// Events moved to the dead letters, every webhook's together.
    func deadLetterCount() async throws(StorageError) -> Int

    /// Closes the database's connections once every write has finished; nothing is answered after.
    func shutdown() async

    /// The last block whose execution events were read, or nil before the first read.
    func followedBlock(chainID: BigUInt) async throws(StorageError) -> BigUInt?
    /// Records that events were read up to `block`.
    func setFollowedBlock(_ block: BigUInt, chainID: BigUInt) async throws(StorageError)
    /// The block each of these transactions' current execution was read in, where the follower saw it.
    func executionBlocks(_ safeTxHashes: [[UInt8]]) async throws(StorageError) -> [[UInt8]: BigUInt]
    /// The hashes of the last blocks read, newest first: where a reorganisation shows.
    func followedHashes(chainID: BigUInt) async throws(StorageError) -> [(number: BigUInt, hash: [UInt8])]
    /// Keeps the hashes of `blocks` as read, and forgets those before `keepingFrom`.
    func rememberBlocks(_ blocks: [(number: BigUInt, hash: [UInt8])], chainID: BigUInt, keepingFrom: BigUInt) async throws(StorageError)
    /// Records, in one write, the owners that `SafeSetup` and `AddedOwner` logs named up to
    /// `block`, and that the owner index has read through `block` (set, not raised: a rewind lowers it).
    func indexOwners(_ nominations: [OwnerNomination], through block: BigUInt, chainID: BigUInt) async throws(StorageError)
    /// The block the owner index has read through; nil before its first pass.
    func ownerIndexBlock(chainID: BigUInt) async throws(StorageError) -> BigUInt?
    /// The contracts whose logs named `owner` an owner, unchecked, by address.
    func nominatedSafes(owner: Address, chainID: BigUInt) async throws(StorageError) -> [Address]
    /// Takes back what was read after `block`, in one write: executions seen there are unmarked
    /// (their transactions pending again), replaced marks of the Safes concerned are lifted for the
    /// follower to make again, the chain's events there may be announced again, and the followed
    /// block becomes `block`. Announces `REORG_DETECTED` to each Safe concerned and each unmarked
    /// transaction as pending; answers the Safes concerned.
    func rewind(chainID: BigUInt, after block: BigUInt, at time: Date) async throws(StorageError) -> [Address]
}

extension CoSigningStorage {
    /// `save` of an owner's own proposal.
    public func save(_ transaction: SafeTx, safeTxHash: [UInt8], proposer: Address, origin: String?, confirmations: [SafeSignature],
                     at time: Date) async throws(StorageError) -> SafeTransactionEntry {
        try await save(transaction, safeTxHash: safeTxHash, proposer: proposer, proposedByDelegate: nil, origin: origin,
                       confirmations: confirmations, at: time)
    }
}
