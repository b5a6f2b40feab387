import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// A multisig transaction as a client proposes it. Its chain ID and version are not the client's
/// to say: the server reads them from the chain and puts them in `fields` before hashing.
public struct ServiceProposal: Sendable, Equatable {
    /// The Safe and the transaction's ten fields.
    public var fields: SafeTx
    /// The hash the client says the fields give (`contractTransactionHash`).
    public var statedHash: [UInt8]
    public var sender: Address
    /// The sender's signature, or several packed together; nil to propose unsigned.
    public var signature: [UInt8]?
    public var origin: String?

    /// A proposal.
    public init(fields: SafeTx, statedHash: [UInt8], sender: Address, signature: [UInt8]?, origin: String?) {
        self.fields = fields
        self.statedHash = statedHash
        self.sender = sender
        self.signature = signature
        self.origin = origin
    }
}

/// The rules of a co-signing server, the same for every front end that serves them: a proposal's
/// hash is recomputed with the Safe's version and chain ID read from the chain, its sender must
/// be an owner or a delegate and have signed it, and every signature must recover to an owner, approved hashes and contract
/// signatures checked on chain; each owner counts once. Writes are idempotent.
public struct CoSigningService: Sendable {
    public let storage: any CoSigningStorage
    public let chain: Chain
    /// What was last read of each Safe; the follower keeps it honest.
    public let cache: SafeStateCache
    let remembered = RememberedSafes()
    let now: @Sendable () -> Date

    /// The service over `storage`, for the chain `chain` reaches, reading a Safe again after
    /// `stateMaxAge` at most (zero: on every request).
    public init(storage: any CoSigningStorage, chain: Chain, stateMaxAge: Duration = .seconds(15),
                now: @escaping @Sendable () -> Date = Date.init) {
        self.storage = storage
        self.chain = chain
        self.cache = SafeStateCache(maxAge: stateMaxAge)
        self.now = now
    }

    /// The chain's ID, as the node reported it the first time.
    public func chainID() async throws -> BigUInt {
        let chain = chain
        return try await cache.chainID { try chain.verify(chainID: try await chain.remote.chainID()) }
    }

    /// The Safe as it is on chain, read within the cache's age or now.
    public func safe(_ address: Address) async throws -> SafeState {
        let chain = chain, now = now
        do {
            return try await cache.state(of: address) {
                try await SafeReader.read(address, chain: chain, tokens: BalanceQuery(address: address, tokens: [], known: []), now: now())
            }
        } catch let error as SafeError {
            switch error {
            case .notASafe, .unsupportedVersion: throw CoSigningError(.notFound, field: "address", error.description)
            default: throw error
            }
        }
    }

    /// Stores a proposal with its signatures, or adds them when it is stored already.
    public func propose(_ p: ServiceProposal) async throws -> ServedTransaction {
        let state = try await safe(p.fields.safe).safe
        guard let version = state.safeVersion else { throw CoSigningError(.refused, field: "safe", "Safe version \(state.version) is not supported") }
        var tx = p.fields
        tx.chainID = state.chainID
        tx.version = version
        let hash: [UInt8]
        do { hash = try tx.hash() } catch { throw CoSigningError(.malformed, field: "nonce", error.description) }
        guard hash == p.statedHash else {
            throw CoSigningError(.refused, field: "contractTransactionHash",
                                 "the fields hash to \(Hex.encode(hash)) for Safe \(version.rawValue) on chain \(state.chainID), not \(Hex.encode(p.statedHash))")
        }
        guard tx.nonce >= state.nonce else {
            throw CoSigningError(.refused, field: "nonce", "\(tx.nonce) is below the Safe's nonce \(state.nonce): it can never execute")
        }
        let signatures: [SafeSignature]
        if state.owners.contains(p.sender) {
            // The sender is who the signature says, not who the body says: an owner's proposal
            // carries that owner's own signature, as the official service requires.
            guard let signature = p.signature, !signature.isEmpty else {
                throw CoSigningError(.refused, field: "signature",
                                     "a proposal must carry the signature of its sender \(p.sender.checksummed); none was given")
            }
            signatures = try await verified(signature, tx: tx, safe: state, field: "signature")
            guard signatures.contains(where: { $0.owner == p.sender }) else {
                let signers = signatures.map(\.owner.checksummed).joined(separator: ", ")
                throw CoSigningError(.refused, field: "signature", "the signature is \(signers)'s, not the sender \(p.sender.checksummed)'s")
            }
        } else if try await isDelegate(p.sender, of: state) {
            try delegateProves(p.sender, signature: p.signature, safeTxHash: hash)
            signatures = []
        } else {
            throw CoSigningError(.refused, field: "sender", "\(p.sender.checksummed) is neither an owner nor a delegate of \(tx.safe.checksummed)")
        }
        try await remember(state, unlessUnchanged: true)
        return try await storage.save(tx, safeTxHash: hash, proposer: p.sender, origin: p.origin, confirmations: signatures, at: now())
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
    public func confirm(_ safeTxHash: [UInt8], signature: [UInt8]) async throws -> ServedTransaction {
        guard let stored = try await storage.transaction(safeTxHash) else {
            throw CoSigningError(.notFound, field: "safeTxHash", "no multisig transaction \(Hex.encode(safeTxHash))")
        }
        guard !stored.isExecuted else { throw CoSigningError(.refused, field: "safeTxHash", "the transaction was already executed") }
        let state = try await safe(stored.transaction.safe).safe
        let signatures = try await verified(signature, tx: stored.transaction, safe: state, field: "signature")
        guard !signatures.isEmpty else { throw CoSigningError(.malformed, field: "signature", "no signature given") }
        guard let updated = try await storage.confirm(safeTxHash, with: signatures, at: now()) else {
            throw CoSigningError(.notFound, field: "safeTxHash", "no multisig transaction \(Hex.encode(safeTxHash))")
        }
        return updated
    }

    /// The stored transaction with `safeTxHash`.
    public func transaction(_ safeTxHash: [UInt8]) async throws -> ServedTransaction {
        guard let stored = try await storage.transaction(safeTxHash) else {
            throw CoSigningError(.notFound, field: "safeTxHash", "no multisig transaction \(Hex.encode(safeTxHash))")
        }
        return stored
    }

    /// One page of a Safe's transactions.
    public func transactions(_ query: ServedTransactionQuery) async throws -> (count: Int, page: [ServedTransaction]) {
        try await storage.transactions(query)
    }

    /// A delegate proves it sent the proposal by signing its hash itself; the signature is no
    /// owner's, so it confirms nothing.
    private func delegateProves(_ delegate: Address, signature: [UInt8]?, safeTxHash: [UInt8]) throws {
        guard let signature, !signature.isEmpty else {
            throw CoSigningError(.refused, field: "signature", "a delegate's proposal must carry the delegate's own signature of the hash")
        }
        let signer = try? SafeSignature.parse(packed: signature, safeTxHash: safeTxHash)
        guard let signer, signer.count == 1, signer[0].owner == delegate, signer[0].kind == .ecdsa || signer[0].kind == .ethSign else {
            throw CoSigningError(.refused, field: "signature", "a delegate's proposal must be signed by \(delegate.checksummed) alone")
        }
    }

    /// Each signature in `packed`, recovered and checked: owners only, each once, on-chain claims confirmed.
    private func verified(_ packed: [UInt8], tx: SafeTx, safe: Safe, field: String) async throws -> [SafeSignature] {
        guard !packed.isEmpty else { return [] }
        let hash = try tx.hash()
        let signatures: [SafeSignature]
        do { signatures = try SafeSignature.parse(packed: packed, safeTxHash: hash) } catch {
            throw CoSigningError(.refused, field: field, error.description)
        }
        var seen = Set<Address>()
        for signature in signatures {
            guard safe.owners.contains(signature.owner) else {
                throw CoSigningError(.refused, field: field, "signed by \(signature.owner.checksummed), who is not an owner of \(safe.address.checksummed)")
            }
            guard seen.insert(signature.owner).inserted else {
                throw CoSigningError(.refused, field: field, "\(signature.owner.checksummed) signed twice")
            }
        }
        let checked = await OnChainConfirmationCheck.verify(signatures, safe: safe, tx: tx, safeTxHash: hash, chain: chain)
        if let refused = checked.setAside.first { throw CoSigningError(.refused, field: field, refused.description) }
        return checked.kept
    }
}
