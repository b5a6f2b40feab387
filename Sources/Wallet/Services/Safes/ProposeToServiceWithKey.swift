import Foundation
import Networking
import SafeKit
import Storage

/// Proposes a stored Safe transaction to a Transaction Service as `keyName`: an owner signs it (a
/// confirmation, stored here too) and sends it; a proposer (delegate) of the Safe sends it with its
/// own signature of the safeTxHash, which the service takes as the delegator's proposal and which
/// counts as no confirmation. Owners' signatures collected here follow as confirmations.
public struct ProposeToServiceWithKey: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public let keyName: String
    public let service: SafeServiceEndpoint
    public let password: @Sendable () throws -> String
    public init(safeTxHash: [UInt8], keyName: String, service: SafeServiceEndpoint, password: @escaping @Sendable () throws -> String) {
        self.safeTxHash = safeTxHash
        self.keyName = keyName
        self.service = service
        self.password = password
    }
    public func perform(on store: SafeTransactionsStore) async throws -> ServiceProposal { try await store.proposeWithKey(self) }
}

/// A proposal sent to a Transaction Service.
public struct ServiceProposal: Sendable, Equatable {
    public let safeTxHash: [UInt8]
    /// Who sent it: an owner, or a proposer.
    public let sender: Address
    /// The owner whose proposer sent it, when a proposer did (the service records the proposal as that owner's).
    public let delegator: Address?
    /// The owners whose signatures were posted with it.
    public let owners: [Address]
}

extension SafeTransactionsStore {
    func proposeWithKey(_ p: ProposeToServiceWithKey) async throws -> ServiceProposal {
        let entry = try await entry(p.safeTxHash)
        guard entry.status == .queued else { throw SafeError.alreadyExecuted(Hex.encode(p.safeTxHash)) }
        let safe = try await followedSafe(of: entry.transaction)
        let sender = try await keys.account(named: p.keyName).address
        if safe.owners.contains(sender) {
            _ = try await sign(SignSafeTransaction(safeTxHash: p.safeTxHash, keyName: p.keyName, password: p.password))
            let owners = try await serviceSend(p.safeTxHash, to: p.service, propose: true, sender: sender)
            return ServiceProposal(safeTxHash: p.safeTxHash, sender: sender, delegator: nil, owners: owners)
        }
        // Asked before the password: a key the service would refuse is refused here, by name.
        let service = remote(p.service)
        let given = try await service.delegates(delegate: sender).map(SafeDelegate.init)
        guard let delegation = given.first(where: { $0.lets(propose: safe.address, owners: safe.owners, at: now()) }) else {
            throw SafeDelegateError.notOwnerOrDelegate(signer: sender, safe: safe.address)
        }
        let signer = try await keys.signer(name: p.keyName, password: p.password)
        let signature = try await signer.safeSignature(preimage: try entry.transaction.encodedData())
        try await service.propose(entry.transaction, safeTxHash: entry.safeTxHash, sender: sender, signature: signature.bytes)
        let owners = postableSignatures(of: entry, safe: safe)
        for owner in owners { try await service.confirm(safeTxHash: entry.safeTxHash, signature: SafeSignature.pack([owner])) }
        return ServiceProposal(safeTxHash: p.safeTxHash, sender: sender, delegator: delegation.delegator, owners: owners.map(\.owner))
    }
}
