import BigInt
import EthereumKit

/// The confirmations of one Safe transaction: at most one signature per owner, kept by one rule
/// that the wallet, the exchange-file import and the co-signing server all apply, so the same
/// signatures end in the same set wherever they arrive.
public struct ConfirmationSet: Sendable, Equatable {
    /// One signature per owner, in the order the owners first confirmed.
    public private(set) var signatures: [SafeSignature]

    /// The set `signatures` make when merged in order, so a repeated owner is settled by the rule too.
    public init(_ signatures: [SafeSignature] = []) {
        self.signatures = []
        self = merging(signatures).set
    }

    /// What a merge kept and what it changed.
    public struct Merge: Sendable, Equatable {
        /// The set after the merge.
        public let set: ConfirmationSet
        /// Signatures that are new or replaced an owner's stored one, in merge order: what a storage writes.
        public let changed: [SafeSignature]
    }

    /// Adds `incoming` to the set. For an owner already here:
    /// - a real signature replaces an approved-hash entry, which is only a claim until the chain shows it;
    /// - an ECDSA or eth_sign signature replaces a contract signature: it proves its owner holds a
    ///   key, which no contract does, so the stored one was a claim an older release let in;
    /// - a contract signature is replaced by a longer one, as a contract owner's signature grows
    ///   while its own owners sign; a shorter or equal one never replaces it;
    /// - otherwise the stored signature stays, so a second signature by the same key changes nothing.
    /// Callers check signatures before merging (contract and approved-hash ones on chain), so a
    /// longer contract signature that arrives here is one that still verifies.
    public func merging(_ incoming: [SafeSignature]) -> Merge {
        var kept = signatures
        var changed: [SafeSignature] = []
        for signature in incoming {
            if let i = kept.firstIndex(where: { $0.owner == signature.owner }) {
                guard Self.replaces(kept[i], with: signature) else { continue }
                kept[i] = signature
            } else {
                kept.append(signature)
            }
            changed.removeAll { $0.owner == signature.owner }
            changed.append(signature)
        }
        var set = self
        set.signatures = kept
        return Merge(set: set, changed: changed)
    }

    /// Whether `new` takes the place of `stored`, signed by the same owner.
    static func replaces(_ stored: SafeSignature, with new: SafeSignature) -> Bool {
        switch (stored.kind, new.kind) {
        case (.approvedHash, let kind): kind != .approvedHash
        case (.contract, .contract): new.bytes.count > stored.bytes.count
        case (.contract, _): new.provesOwner
        default: false
        }
    }

    /// The signatures of current `owners` only, the ones `execTransaction` counts.
    public func accepting(owners: [Address]) -> OwnerConfirmations {
        let current = Set(owners)
        return OwnerConfirmations(signatures: signatures.filter { current.contains($0.owner) }, owners: owners)
    }
}

/// A transaction's confirmations from the Safe's current owners.
public struct OwnerConfirmations: Sendable, Equatable {
    /// The counted signatures, one per current owner.
    public let signatures: [SafeSignature]
    /// The Safe's owners, in the Safe's order.
    public let owners: [Address]

    /// How many owners confirmed against `threshold`, and who has not.
    public func count(threshold: BigUInt) -> ConfirmationCount {
        ConfirmationCount(signatures: signatures, owners: owners, threshold: threshold)
    }
}
