import BigInt
import SafeKit
import Storage

/// What a gate does with a signature that fails.
package enum AdmissionPolicy: Sendable, Equatable {
    /// The whole submission is refused at the first signature that fails, and an owner may sign
    /// once in it: the co-signing server's answer to a client, who can send it again.
    case refuseAll
    /// The signatures that pass are kept and the rest set aside, each named with why: files,
    /// service listings and the wallet's own signatures, where a forged entry must not cost the
    /// real ones beside it.
    case setAside
}

/// Why the gate refused a submission.
public enum SignatureRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The signatures are for another Safe's transaction or message (or another chain's).
    case otherSafe(signed: Address, safe: Address)
    /// An owner signed twice in one submission (`refuseAll` only).
    case signedTwice(Address)
    /// A signature failed under `refuseAll`.
    case notCounted(SetAsideApproval)

    public var description: String {
        switch self {
        case .otherSafe(let signed, let safe): "the signatures are for Safe \(signed.checksummed), not \(safe.checksummed)"
        case .signedTwice(let owner): "\(owner.checksummed) signed twice"
        case .notCounted(let setAside): setAside.description
        }
    }
}

/// What the gate let through.
package struct SignatureAdmission: Sendable, Equatable {
    /// One signature per owner, settled by `ConfirmationSet` when an owner sent several.
    package let admitted: [SafeSignature]
    /// Signatures that do not count, each with why; none for an owner who also has one admitted.
    package let setAside: [SetAsideApproval]
}

/// The one gate every confirmation passes before it counts, whatever brought it (the wallet's own
/// signing, an exchange file, a service listing, a client of the co-signing server): the subject
/// must be the Safe's own, the signer a current owner, an owner Safe's contract signature packed
/// as that Safe reads it, and a claim (approved hash, contract signature) confirmed on chain.
/// Which of an owner's admitted signatures stands is then `ConfirmationSet`'s rule.
package struct SignatureGate: Sendable {
    /// The node that vouches for claims; nil sets every claim aside as unverifiable.
    let chain: Chain?
    /// The Safe at an owner's address when that owner is a Safe this side knows; asked only for
    /// contract signatures.
    let ownerSafe: @Sendable (Address) async -> Safe?

    /// A gate asking `chain` to confirm claims, and `ownerSafe` for the owners that are Safes.
    package init(chain: Chain?, ownerSafe: @escaping @Sendable (Address) async -> Safe?) {
        self.chain = chain
        self.ownerSafe = ownerSafe
    }

    /// Admits `candidates` for `subject` of `safe` under `policy`; `alsoAsk` owners without a
    /// signature are asked on chain whether they approved the hash (execution's precheck).
    package func admit(_ candidates: [SafeSignature], for subject: SignedSubject, safe: Safe, policy: AdmissionPolicy,
               alsoAsk: [Address] = []) async throws(SignatureRefusal) -> SignatureAdmission {
        guard subject.safe == safe.address, subject.chainID == nil || subject.chainID == safe.chainID else {
            throw .otherSafe(signed: subject.safe, safe: safe.address)
        }
        var setAside: [SetAsideApproval] = [], passing: [SafeSignature] = []
        var seen = Set<Address>()
        func refuse(_ signature: SafeSignature, _ reason: SetAsideApproval.Reason) throws(SignatureRefusal) {
            let refused = SetAsideApproval(owner: signature.owner, reason: reason, isContract: signature.kind == .contract)
            if policy == .refuseAll { throw .notCounted(refused) }
            setAside.append(refused)
        }
        // An owner Safe's contract signature grows as its owners sign, so under `setAside` it is
        // kept on its inner signatures alone, and counts once they meet that Safe's threshold.
        var growing: [SafeSignature] = []
        for signature in candidates {
            if policy == .refuseAll, !seen.insert(signature.owner).inserted { throw .signedTwice(signature.owner) }
            guard safe.owners.contains(signature.owner) else { try refuse(signature, .notAnOwner); continue }
            if signature.kind == .contract, let child = await ownerSafe(signature.owner), child.chainID == safe.chainID {
                if let why = Self.malformation(of: signature, by: child, for: subject) {
                    try refuse(signature, .malformed(why))
                    continue
                }
                if policy == .setAside {
                    growing.append(signature)
                    continue
                }
            }
            passing.append(signature)
        }
        let checked = await OnChainConfirmationCheck.verify(passing, safe: safe, subject: subject, chain: chain, alsoAsk: alsoAsk)
        if policy == .refuseAll, let first = checked.setAside.first { throw .notCounted(first) }
        let admitted = ConfirmationSet(checked.kept + growing).signatures
        let settled = Set(admitted.map(\.owner))
        return SignatureAdmission(admitted: admitted, setAside: (setAside + checked.setAside).filter { !settled.contains($0.owner) })
    }

    /// Why `signature`, the contract signature of `child`, a Safe known here, cannot be what
    /// `child` reads: its data must be signatures by `child`'s owners over its hash of `subject`,
    /// ECDSA or eth_sign only, packed as a Safe packs them (sorted, one per owner, nothing after). A longer contract
    /// signature wins the merge, so padding or a stranger's entry would otherwise lock out the
    /// real one. Nil when it is well formed, or when `child`'s release is not one Bifrost reads.
    static func malformation(of signature: SafeSignature, by child: Safe, for subject: SignedSubject) -> String? {
        guard let version = child.safeVersion, let hash = try? subject.childHash(child: child.address, childVersion: version) else { return nil }
        let data = signature.contractData, name = child.address.checksummed
        guard subject.question.isAnswerable(byOwnerSafeOf: version) else { return OwnerSafeRefusal.unanswerable(child: name, version: version) }
        let inner: [SafeSignature]
        do { inner = try SafeSignature.parse(packed: data, safeTxHash: hash) } catch {
            return "its \(data.count) bytes are not Safe \(name)'s signatures (\(error.description))"
        }
        guard SafeSignature.pack(inner) == data else {
            return "its \(data.count) bytes are not packed as Safe \(name) packs its owners' signatures (sorted, one per owner, nothing after)"
        }
        if let stranger = inner.first(where: { !child.owners.contains($0.owner) }) {
            return "it holds a signature by \(stranger.owner.checksummed), who is not an owner of Safe \(name)"
        }
        // An approved-hash or contract entry inside is a claim anyone can write for a public
        // address; kept, it would look signed to the owner it names, who would never sign.
        if let claim = inner.first(where: { !$0.provesOwner }) {
            return "it holds an unproven \(claim.kind == .approvedHash ? "approved-hash" : "contract") entry for \(claim.owner.checksummed); "
                + "only its owners' own signatures can grow it"
        }
        return nil
    }
}
