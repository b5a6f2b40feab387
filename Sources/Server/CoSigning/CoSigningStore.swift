import BigInt
import CoSigningStorage
import Foundation
import Networking
import SafeKit
import Services
import Storage

/// A multisig transaction as a client proposes it. Its chain ID and version are not the client's
/// to say: the server reads them from the chain and puts them in `fields` before hashing.
public struct CoSigningProposal: Sendable, Equatable {
    /// The Safe and the transaction's ten fields.
    public var fields: SafeTx
    /// The hash the client says the fields give (`contractTransactionHash`); nil when the client
    /// leaves the hash to the server, as the Queue Service API does.
    public var statedHash: [UInt8]?
    /// Who sends it; nil for the signer of the first signature (the Queue Service API names no sender).
    public var sender: Address?
    /// The sender's signature, or several packed together; nil to propose unsigned.
    public var signature: [UInt8]?
    public var origin: String?

    /// A proposal.
    public init(fields: SafeTx, statedHash: [UInt8]?, sender: Address?, signature: [UInt8]?, origin: String?) {
        self.fields = fields
        self.statedHash = statedHash
        self.sender = sender
        self.signature = signature
        self.origin = origin
    }
}

/// The rules of a co-signing server, reached through `dispatch` of its `CoSigningAction`s: a
/// proposal's hash is recomputed with the Safe's version and chain ID read from the chain, its
/// sender must be an owner or a delegate and have signed it, and every signature must recover to
/// an owner, approved hashes and contract signatures checked on chain; each owner counts once and
/// a second signature is settled by `ConfirmationSet`. Writes are idempotent.
public struct CoSigningStore: Sendable {
    public let storage: any CoSigningStorage
    public let chain: Chain
    /// What was last read of each Safe; the follower keeps it honest.
    public let cache: SafeStateCache
    let remembered = RememberedSafes()
    /// The served transfer listings' reads of the chain, kept while its head stays.
    let activities = PerHeadCache<ServedActivity>()
    let now: @Sendable () -> Date
    /// Which delegatecalls and changes a proposal may carry.
    public let policy: SafeProposalPolicy

    /// The store over `storage`, for the chain `chain` reaches, reading a Safe again after
    /// `stateMaxAge` at most (zero: on every request), taking the proposals `policy` lets through.
    public init(storage: any CoSigningStorage, chain: Chain, stateMaxAge: Duration = .seconds(15), policy: SafeProposalPolicy = .strict,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.storage = storage
        self.chain = chain
        self.cache = SafeStateCache(maxAge: stateMaxAge)
        self.policy = policy
        self.now = now
    }

    /// The chain's ID, as the node reported it the first time.
    func chainID() async throws -> BigUInt {
        let chain = chain
        return try await cache.chainID { try chain.verify(chainID: try await chain.remote.chainID()) }
    }

    /// The block the Safe was created in, searched for on the first request only; nil when it has no code.
    func creationBlock(of safe: Address) async throws -> BigUInt? {
        let remote = chain.remote
        return try await cache.creationBlock(of: safe) { try await remote.creationBlock(of: safe, latest: try await remote.blockNumber()) }
    }

    /// The Safe as it is on chain, read within the cache's age or now.
    func safe(_ address: Address) async throws -> SafeState {
        let chain = chain, now = now
        do {
            return try await cache.state(of: address) {
                try await SafeReader.read(address, chain: chain, tokens: BalanceQuery(address: address, tokens: [], known: []), now: now())
            }
        } catch let error as SafeError {
            switch error {
            case .notASafe(let address), .unsupportedVersion(let address, _): throw CoSigningRefusal.notASafe(address, reason: error.description)
            default: throw error
            }
        }
    }

    /// Stores a proposal with its signatures, or adds them when it is stored already.
    func propose(_ p: CoSigningProposal) async throws -> SafeTransactionEntry {
        let state = try await safe(p.fields.safe).safe
        guard let version = state.safeVersion else { throw CoSigningRefusal.unsupportedVersion(state.version) }
        var tx = p.fields
        tx.chainID = state.chainID
        tx.version = version
        let hash: [UInt8]
        do { hash = try tx.hash() } catch { throw CoSigningRefusal.unhashable(error.description) }
        if let stated = p.statedHash, hash != stated {
            throw CoSigningRefusal.hashMismatch(computed: hash, stated: stated, version: version, chainID: state.chainID)
        }
        guard tx.nonce >= state.nonce else { throw CoSigningRefusal.nonceUsed(nonce: tx.nonce, current: state.nonce) }
        let breaches = await SafeProposalCheck.breaches(of: tx, owners: state.owners, chain: chain, policy: policy)
        guard breaches.isEmpty else { throw CoSigningRefusal.againstPolicy(breaches) }
        // Without a named sender, the first signature's signer sends it, whether an owner or a delegate.
        guard let sender = p.sender ?? p.signature.flatMap({ try? SafeSignature.parse(packed: $0, safeTxHash: hash) })?.first?.owner else {
            throw CoSigningRefusal.noSignature
        }
        let signatures: [SafeSignature]
        var proposer = sender, proposedByDelegate: Address?
        if state.owners.contains(sender) {
            // The sender is who the signature says, not who the body says: an owner's proposal
            // carries that owner's own signature, as the official service requires.
            guard let signature = p.signature, !signature.isEmpty else { throw CoSigningRefusal.unsignedProposal(sender: sender) }
            signatures = try await verified(signature, tx: tx, safeTxHash: hash, safe: state)
            guard signatures.contains(where: { $0.owner == sender }) else {
                throw CoSigningRefusal.signedByOthers(signers: signatures.map(\.owner), sender: sender)
            }
        } else if let delegator = try await delegator(of: sender, for: state) {
            try delegateProves(sender, signature: p.signature, safeTxHash: hash)
            // The official service records a delegate's proposal as its delegator's, sent by the delegate.
            (proposer, proposedByDelegate) = (delegator, sender)
            signatures = []
        } else {
            throw CoSigningRefusal.notOwnerOrDelegate(sender: sender, safe: tx.safe)
        }
        try await remember(state, unlessUnchanged: true)
        return try await storage.save(tx, safeTxHash: hash, proposer: proposer, proposedByDelegate: proposedByDelegate, origin: p.origin,
                                      confirmations: signatures, at: now())
    }

    /// Stores what the server keeps of `safe`; with `unlessUnchanged`, only when it differs from
    /// what this server last stored.
    func remember(_ safe: Safe, unlessUnchanged: Bool) async throws {
        let served = ServedSafe(safe, readAt: now())
        if unlessUnchanged, await !remembered.differs(served) { return }
        try await storage.remember(served)
        await remembered.stored(served)
    }

    /// Adds a confirmation (one signature, or several packed) to a stored transaction.
    func confirm(_ safeTxHash: [UInt8], signature: [UInt8]) async throws -> SafeTransactionEntry {
        let stored = try await transaction(safeTxHash)
        guard !stored.isExecuted else { throw CoSigningRefusal.alreadyExecuted }
        let state = try await safe(stored.transaction.safe).safe
        let signatures = try await verified(signature, tx: stored.transaction, safeTxHash: stored.safeTxHash, safe: state)
        guard !signatures.isEmpty else { throw CoSigningRefusal.noSignature }
        guard let updated = try await storage.confirm(safeTxHash, with: signatures, at: now()) else {
            throw CoSigningRefusal.unknownTransaction(safeTxHash)
        }
        return updated
    }

    /// The stored transaction with `safeTxHash`.
    func transaction(_ safeTxHash: [UInt8]) async throws -> SafeTransactionEntry {
        guard let stored = try await storage.transaction(safeTxHash) else { throw CoSigningRefusal.unknownTransaction(safeTxHash) }
        return stored
    }

    /// One page of a Safe's transactions.
    func transactions(_ query: ServedTransactionQuery) async throws -> (count: Int, page: [SafeTransactionEntry]) {
        try await storage.transactions(query)
    }

    /// A delegate proves it sent the proposal by signing its hash itself; the signature is no
    /// owner's, so it confirms nothing.
    private func delegateProves(_ delegate: Address, signature: [UInt8]?, safeTxHash: [UInt8]) throws {
        let signer = signature.flatMap { try? SafeSignature.parse(packed: $0, safeTxHash: safeTxHash) }
        guard let signer, signer.count == 1, signer[0].owner == delegate, signer[0].provesOwner else {
            throw CoSigningRefusal.delegateUnsigned(delegate: delegate)
        }
    }

    /// Each signature in `packed` of `tx`, whose hash the caller already has, recovered and
    /// checked: owners only, each once, on-chain claims confirmed.
    private func verified(_ packed: [UInt8], tx: SafeTx, safeTxHash hash: [UInt8], safe: Safe) async throws -> [SafeSignature] {
        let subject: SignedSubject
        do { subject = try SignedSubject.transaction(tx, hash: hash) } catch { throw CoSigningRefusal.unhashable(error.description) }
        return try await verified(packed, subject: subject, safe: safe)
    }

    /// Each signature in `packed` over `subject` (a transaction or a message), recovered and
    /// passed through the signature gate, refusing the whole submission at the first that fails:
    /// the subject `safe`'s, owners only, each once, owner Safes' contract signatures well formed,
    /// claims confirmed on chain.
    func verified(_ packed: [UInt8], subject: SignedSubject, safe: Safe) async throws -> [SafeSignature] {
        guard !packed.isEmpty else { return [] }
        let signatures: [SafeSignature]
        do { signatures = try SafeSignature.parse(packed: packed, safeTxHash: subject.hash) } catch {
            throw CoSigningRefusal.unreadableSignature(error.description)
        }
        let gate = SignatureGate(chain: chain) { owner in try? await self.safe(owner).safe }
        do {
            return try await gate.admit(signatures, for: subject, safe: safe, policy: .refuseAll).admitted
        } catch {
            switch error {
            case .signedTwice(let owner): throw CoSigningRefusal.signedTwice(owner)
            case .notCounted(let refused) where refused.reason == .notAnOwner:
                throw CoSigningRefusal.signedByNonOwner(signer: refused.owner, safe: safe.address)
            case .notCounted(let refused): throw CoSigningRefusal.notConfirmedOnChain(refused.description)
            case .otherSafe: throw CoSigningRefusal.unreadableSignature(error.description)
            }
        }
    }
}
