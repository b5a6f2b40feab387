import SafeKit
import Storage

extension SafeRoom {
    /// The signature gate for `safe`'s confirmations: claims asked on `chain`, owner Safes looked
    /// up among the Safes this home follows on `safe`'s chain.
    func gate(for safe: Safe, chain: Chain?) -> SignatureGate {
        let storage = storage, chainID = safe.chainID
        return SignatureGate(chain: chain) { address in try? await storage.safe(chainID: chainID, address: address) }
    }

    /// The Safes this home follows among `safe`'s owners, whose contract signatures count only
    /// once their own owners' signatures meet their threshold.
    func ownerSafes(of safe: Safe) async throws -> [Safe] {
        let owners = Set(safe.owners)
        return try await storage.safes(chainID: safe.chainID).filter { owners.contains($0.address) }
    }

    /// Passes `signatures` of `tx` (hashing to `safeTxHash`) through `safe`'s gate, claims asked on
    /// `chain`, and merges what it admits into the stored transaction (stored as queued when new).
    func admit(_ signatures: [SafeSignature], of tx: SafeTx, safeTxHash: [UInt8], safe: Safe, chain: Chain?)
        async throws -> (entry: SafeTransactionEntry, added: [Address], setAside: [SetAsideApproval]) {
        let subject = try SignedSubject.transaction(tx, hash: safeTxHash)
        let admission = try await gate(for: safe, chain: chain).admit(signatures, for: subject, safe: safe, policy: .setAside)
        let (entry, added) = try await merge(tx, safeTxHash: safeTxHash, signatures: admission.admitted)
        return (entry, added, admission.setAside)
    }

    /// Passes `signatures` of the message `entry` through `safe`'s gate, claims asked on `chain`,
    /// and stores the entry with what it admits merged in.
    func admit(_ signatures: [SafeSignature], to entry: SafeMessageEntry, safe: Safe, chain: Chain?)
        async throws -> (entry: SafeMessageEntry, setAside: [SetAsideApproval]) {
        let subject = try SignedSubject.message(try entry.safeMessage())
        let admission = try await gate(for: safe, chain: chain).admit(signatures, for: subject, safe: safe, policy: .setAside)
        let merged = entry.adding(admission.admitted, at: now())
        try await storage.save(merged)
        return (merged, admission.setAside)
    }

    /// Where `entry`'s confirmations stand against `safe`'s current owners and threshold.
    func count(_ entry: SafeTransactionEntry, safe: Safe) async throws -> ConfirmationCount {
        safe.count(entry, ownerSafes: try await ownerSafes(of: safe))
    }
}

extension SafeTransactionEntry {
    /// What this transaction's signatures sign.
    var signedSubject: SignedSubject {
        get throws(SafeKitError) { try SignedSubject.transaction(transaction, hash: safeTxHash) }
    }
}
