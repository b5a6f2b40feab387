import BigInt
import Foundation
import SafeKit
import Storage

extension CoSigningService {
    /// Deletes a pending transaction at its proposer's request: `signature` signs this hour's
    /// `DeleteRequest` for the hash in the Safe's domain, so only the proposer can, and only now.
    public func delete(_ safeTxHash: [UInt8], signature: [UInt8]) async throws {
        let stored = try await transaction(safeTxHash)
        guard !stored.isExecuted else { throw CoSigningError(.refused, field: "safeTxHash", "an executed transaction cannot be deleted") }
        let tx = stored.transaction
        let signed = ServiceAuthorization.isSigned(signature, byAnyOf: [stored.proposer], at: now()) {
            ServiceAuthorization.deleteDigest(safeTxHash: safeTxHash, safe: tx.safe, chainID: tx.chainID ?? 0, totp: $0)
        }
        guard signed else {
            throw CoSigningError(.refused, field: "signature",
                                 "not a signature of this hour's DeleteRequest by the proposer \(stored.proposer.checksummed)")
        }
        guard try await storage.delete(safeTxHash) else {
            throw CoSigningError(.notFound, field: "safeTxHash", "no pending multisig transaction \(Hex.encode(safeTxHash))")
        }
    }
}
