import BigInt
import Foundation
import SafeKit
import Services
import Storage

extension CoSigningStore {
    /// Deletes a pending transaction at its proposer's request: `signature` signs this hour's
    /// `DeleteRequest` for the hash in the Safe's domain, so only the proposer (or the delegate
    /// that sent it for the proposer) can, and only now.
    func delete(_ safeTxHash: [UInt8], signature: [UInt8]) async throws {
        let stored = try await transaction(safeTxHash)
        guard !stored.isExecuted else { throw CoSigningRefusal.executedCannotBeDeleted }
        let tx = stored.transaction
        // Every served transaction names its proposer; one without could not be deleted by anyone.
        let proposer = stored.proposer ?? Address.zero
        let sender = try await storage.proposingDelegates([safeTxHash])[safeTxHash]
        let signed = ServiceAuthorization.isSigned(signature, byAnyOf: [proposer] + (sender.map { [$0] } ?? []), at: now()) {
            ServiceAuthorization.deleteDigest(safeTxHash: safeTxHash, safe: tx.safe, chainID: tx.chainID ?? 0, totp: $0)
        }
        guard signed else { throw CoSigningRefusal.deleteNotSignedByProposer(proposer) }
        guard try await storage.delete(safeTxHash, at: now()) else { throw CoSigningRefusal.unknownTransaction(safeTxHash) }
    }
}
