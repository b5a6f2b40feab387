import SafeKit
import Storage

extension Safe {
    /// How many of this Safe's current owners confirmed `subject`, where the contract signature of
    /// an owner that is one of `ownerSafes` counts only once its owners' signatures inside meet its
    /// threshold over its hash of `subject`, as its `isValidSignature` will check. The queue, the
    /// transaction and message pages, imports and execution's precheck all count through this.
    public func count(_ confirmations: ConfirmationSet, of subject: SignedSubject, ownerSafes: [Safe]) -> ConfirmationCount {
        count(ConfirmationSet(counted(confirmations.signatures, of: subject, ownerSafes: ownerSafes)))
    }

    /// How many of this Safe's current owners confirmed the stored transaction `entry`, by the same rule.
    public func count(_ entry: SafeTransactionEntry, ownerSafes: [Safe]) -> ConfirmationCount {
        count(ConfirmationSet(counted(entry.signatures, of: try? entry.signedSubject, ownerSafes: ownerSafes)))
    }

    /// The signatures of `signatures` that count for `subject`: all but the contract signatures of
    /// `ownerSafes` whose inner signatures fall short of their threshold, or that cannot be
    /// checked (no subject to hash, a release Bifrost does not read).
    func counted(_ signatures: [SafeSignature], of subject: SignedSubject?, ownerSafes: [Safe]) -> [SafeSignature] {
        signatures.filter { signature in
            guard signature.kind == .contract,
                  let child = ownerSafes.first(where: { $0.address == signature.owner && $0.chainID == chainID }) else { return true }
            guard let subject, let version = child.safeVersion, subject.question.isAnswerable(byOwnerSafeOf: version),
                  let hash = try? subject.childHash(child: child.address, childVersion: version) else { return false }
            return child.isMet(by: signature.contractData, over: hash)
        }
    }

    /// Whether `packed`, this Safe's contract signature, holds enough of its current owners'
    /// signatures over `hash` to meet its threshold: what its `isValidSignature` will check. Only
    /// signatures that prove themselves here count: an inner approved hash or contract signature
    /// is a claim only this Safe's chain state could confirm, and anything unreadable meets nothing.
    func isMet(by packed: [UInt8], over hash: [UInt8]) -> Bool {
        guard let inner = try? SafeSignature.parse(packed: packed, safeTxHash: hash) else { return false }
        return count(ConfirmationSet(inner.filter(\.provesOwner))).isReady
    }
}
