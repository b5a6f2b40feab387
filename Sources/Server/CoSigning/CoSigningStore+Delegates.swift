import BigInt
import CoSigningStorage
import Foundation
import Networking
import SafeKit
import Services
import Storage

/// How a delegate's adding or removal is signed: v2's EIP-712 `Delegate` message, or v1's hash of
/// the delegate's address and the hour's counter (as it is, or as `eth_sign` signs it).
public enum DelegateSignatureScheme: Sendable {
    case typedData
    case legacy
}

/// Delegates: addresses an owner lets propose. An owner adds or removes one by signing the
/// service's `Delegate` message for this hour; the delegate may also remove itself.
extension CoSigningStore {
    /// Adds `delegate` for `delegator`: for `safe`, which the delegator must own, or, without a
    /// Safe, for every Safe it owns (it must own one the server serves).
    func addDelegate(safe: Address?, delegate: Address, delegator: Address, label: String, expiry: Date?,
                     signature: [UInt8], scheme: DelegateSignatureScheme = .typedData) async throws -> ServedDelegate {
        let chainID = try await chainID()
        do { try SafeDelegateRules.checkRequest(delegate: delegate, delegator: delegator, label: label, expiry: expiry, now: now()) } catch {
            switch error {
            case .selfDelegation: throw CoSigningRefusal.selfDelegation
            case .missingLabel: throw CoSigningRefusal.missingLabel
            case .expiryPassed: throw CoSigningRefusal.expiryPassed
            default: throw error
            }
        }
        try await requireSigned(signature, by: [delegator], delegate: delegate, chainID: chainID, scheme: scheme)
        if let safe {
            guard try await self.safe(safe).safe.owners.contains(delegator) else {
                throw CoSigningRefusal.delegatorNotOwner(delegator: delegator, safe: safe)
            }
        } else {
            guard try await !safes(ownedBy: delegator).isEmpty else { throw CoSigningRefusal.delegatorOwnsNothing(delegator) }
        }
        let added = ServedDelegate(chainID: chainID, safe: safe, delegate: delegate, delegator: delegator, label: label, expiry: expiry)
        try await storage.saveDelegate(added)
        return added
    }

    /// Removes `delegate` of `delegator` (for `safe` only, or everywhere); signed by either of them.
    func removeDelegate(safe: Address?, delegate: Address, delegator: Address, signature: [UInt8],
                        scheme: DelegateSignatureScheme = .typedData) async throws {
        let chainID = try await chainID()
        try await requireSigned(signature, by: [delegator, delegate], delegate: delegate, chainID: chainID, scheme: scheme)
        guard try await storage.removeDelegate(chainID: chainID, delegate: delegate, delegator: delegator, safe: safe) > 0 else {
            throw CoSigningRefusal.unknownDelegate(delegate: delegate, delegator: delegator)
        }
    }

    /// Removes `delegate` from `safe`, whoever gave it; signed (v1 scheme) by a current owner or the delegate.
    func removeDelegate(of safe: Address, delegate: Address, signature: [UInt8]) async throws {
        let chainID = try await chainID()
        let owners = try await self.safe(safe).safe.owners
        try await requireSigned(signature, by: owners + [delegate], delegate: delegate, chainID: chainID, scheme: .legacy)
        let given = try await storage.delegates(DelegateQuery(chainID: chainID, safe: safe, delegate: delegate, limit: 1000)).page.filter { $0.safe == safe }
        var removed = 0
        for d in given { removed += try await storage.removeDelegate(chainID: chainID, delegate: delegate, delegator: d.delegator, safe: safe) }
        guard removed > 0 else { throw CoSigningRefusal.unknownDelegate(delegate: delegate, delegator: safe) }
    }

    /// One page of delegates; at least one of Safe, delegate, delegator or label must be given.
    func delegates(_ query: DelegateQuery) async throws -> (count: Int, page: [ServedDelegate]) {
        guard query.safe != nil || query.delegate != nil || query.delegator != nil || query.label != nil else {
            throw CoSigningRefusal.delegateQueryUnbounded
        }
        var q = query
        q.chainID = try await chainID()
        return try await storage.delegates(q)
    }

    /// The Safes `owner` is an owner of: those stored here, as last read, and those the chain's
    /// logs named it an owner of (the owner index), each read on chain first and named only when
    /// its proxy runs a known Safe singleton and lists `owner` now. A Safe so found is remembered,
    /// and followed from then on. By address.
    func safes(ownedBy owner: Address) async throws -> [ServedSafe] {
        let chainID = try await chainID()
        var found = try await storage.safes(ownedBy: owner, chainID: chainID)
        let stored = Set(found.map(\.address)), known = knownDeployments
        for candidate in try await storage.nominatedSafes(owner: owner, chainID: chainID) where !stored.contains(candidate) {
            // A log is anyone's to emit: a contract that is not a Safe, or no longer lists the owner, is passed over.
            guard let state = try? await safe(candidate), state.safe.owners.contains(owner),
                  state.singleton.flatMap({ SafeDeployments.release(ofSingleton: $0, known: known) }) != nil else { continue }
            try await remember(state.safe, unlessUnchanged: true)
            found.append(ServedSafe(state.safe, readAt: now()))
        }
        return found.sorted { $0.address.checksummed < $1.address.checksummed }
    }

    /// Who let `sender` propose for `safe` as a delegate now (for this Safe or for all of an
    /// owner's, given by someone who still owns it, not expired); nil when no one did. A delegation
    /// for this Safe comes before one for all of an owner's.
    func delegator(of sender: Address, for safe: Safe) async throws -> Address? {
        let given = try await storage.delegates(DelegateQuery(chainID: safe.chainID, delegate: sender, limit: 1000))
        let time = now()
        let valid = given.page.filter { d in
            (d.safe == nil || d.safe == safe.address) && safe.owners.contains(d.delegator) && (d.expiry.map { $0 > time } ?? true)
        }
        return (valid.first { $0.safe == safe.address } ?? valid.first)?.delegator
    }

    private func requireSigned(_ signature: [UInt8], by signers: [Address], delegate: Address, chainID: BigUInt,
                               scheme: DelegateSignatureScheme) async throws {
        if scheme == .legacy {
            // v1 takes owners' own keys only, as the official service checks it.
            let legacy = { (totp: BigUInt) in ServiceAuthorization.legacyDelegateDigests(delegate: delegate, totp: totp) }
            guard ServiceAuthorization.isSigned(signature, byAnyOf: signers, at: now(), messages: legacy) else {
                throw CoSigningRefusal.delegateMessageNotSigned(by: signers)
            }
            return
        }
        let digest = { (totp: BigUInt) in ServiceAuthorization.delegateDigest(delegate: delegate, chainID: chainID, totp: totp) }
        if ServiceAuthorization.isSigned(signature, byAnyOf: signers, at: now(), message: digest) { return }
        // A signer that is a contract (a Safe owning Safes) signs by EIP-1271: its own
        // isValidSignature(bytes32,bytes) decides, as the official service asks it.
        for signer in signers {
            for totp in ServiceAuthorization.acceptedTOTPs(at: now()) {
                let question = OwnerQuestion(message: digest(totp), legacy: false)
                guard let call = try? question.call(signature: signature),
                      let answer = try? await chain.remote.call(CallRequest(to: signer, data: call)) else { continue }
                if question.accepts(answer) { return }
            }
        }
        throw CoSigningRefusal.delegateMessageNotSigned(by: signers)
    }
}
