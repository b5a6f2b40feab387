import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// Which Safe Transaction Service to talk to.
public struct SafeServiceEndpoint: Sendable, Equatable {
    public let url: URL
    public let apiKey: String?
    public init(url: URL, apiKey: String?) {
        self.url = url
        self.apiKey = apiKey
    }

    /// The service's host, as a person names it (the whole URL when it has none).
    public var host: String { url.host ?? url.absoluteString }
}

/// Sends the signatures collected here to a Transaction Service: as a new proposal (the first
/// owner's signature proposes, the rest confirm), or as confirmations of one already there.
public struct PostSafeSignatures: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public let service: SafeServiceEndpoint
    /// Propose the transaction first, rather than only confirm it.
    public let propose: Bool
    public init(safeTxHash: [UInt8], service: SafeServiceEndpoint, propose: Bool) {
        self.safeTxHash = safeTxHash
        self.service = service
        self.propose = propose
    }
    /// The owners whose signatures were posted.
    public func perform(on store: SafeTransactionsStore) async throws -> [Address] { try await store.serviceSend(safeTxHash, to: service, propose: propose) }
}

/// Lists a Safe's pending transactions on a Transaction Service, verifies them, and merges them
/// (with their owners' confirmations) into the local queue.
public struct ServiceListSafeTransactions: SafeTransactionsAction {
    public let safe: Address
    public let service: SafeServiceEndpoint
    public let chain: ChainSelection
    public init(safe: Address, service: SafeServiceEndpoint, chain: ChainSelection) {
        self.safe = safe
        self.service = service
        self.chain = chain
    }
    public func perform(on store: SafeTransactionsStore) async throws -> ServicePendingTransactions { try await store.serviceList(self) }
}

extension SafeTransactionsStore {
    /// Posts signatures; returns the owners whose signatures were sent.
    /// With `sender`, that owner's signature goes first, as the proposal's.
    func serviceSend(_ safeTxHash: [UInt8], to endpoint: SafeServiceEndpoint, propose: Bool, sender: Address? = nil) async throws -> [Address] {
        let entry = try await entry(safeTxHash)
        let safe = try await followedSafe(of: entry.transaction)
        var signatures = postableSignatures(of: entry, safe: safe)
        if let sender, let i = signatures.firstIndex(where: { $0.owner == sender }) { signatures.insert(signatures.remove(at: i), at: 0) }
        guard let first = signatures.first else { throw SafeError.noSignatureToPropose(Hex.encode(safeTxHash)) }
        let service = remote(endpoint)
        var rest = signatures
        if propose {
            try await service.propose(entry.transaction, safeTxHash: safeTxHash, sender: first.owner, signature: SafeSignature.pack([first]))
            rest.removeFirst()
        }
        for signature in rest { try await service.confirm(safeTxHash: safeTxHash, signature: SafeSignature.pack([signature])) }
        return signatures.map(\.owner)
    }

    /// The signatures collected here that a service takes: current owners', approved hashes aside (those are on chain).
    func postableSignatures(of entry: SafeTransactionEntry, safe: Safe) -> [SafeSignature] {
        entry.signatures.filter { safe.owners.contains($0.owner) && $0.kind != .approvedHash }
    }

    func serviceList(_ l: ServiceListSafeTransactions) async throws -> ServicePendingTransactions {
        let safe = try await followedSafe(l.safe, on: l.chain)
        let pending = try await remote(l.service).pending(safe: safe.address, nonce: safe.nonce, chainID: safe.chainID,
                                                           version: safe.safeVersion ?? .v1_4_1)
        let chain = try? await connector.connect(l.chain)
        var checked: [ServicePendingTransaction] = [], setAside = pending.setAside
        let ownerSafes = try await ownerSafes(of: safe)
        for item in pending.transactions {
            // Every listed entry passes the gate as this Safe's: another Safe's is set aside by name.
            let subject: SignedSubject, admission: SignatureAdmission
            do {
                subject = try SignedSubject.transaction(item.transaction, hash: item.safeTxHash)
                admission = try await gate(for: safe, chain: chain).admit(item.confirmations, for: subject, safe: safe, policy: .setAside)
            } catch {
                setAside.append("\(Hex.encode(item.safeTxHash)): \(error)")
                continue
            }
            let listing = item.keeping(admission.admitted, rejecting: admission.setAside.map(\.description))
            if !listing.isExecuted {
                _ = try await merge(listing.transaction, safeTxHash: listing.safeTxHash, signatures: listing.confirmations)
            }
            checked.append(ServicePendingTransaction(listing, count: safe.count(ConfirmationSet(listing.confirmations), of: subject, ownerSafes: ownerSafes)))
        }
        return ServicePendingTransactions(transactions: checked, setAside: setAside, pages: pending.pages)
    }
}

extension SafeRoom {
    func remote(_ endpoint: SafeServiceEndpoint) -> SafeServiceRemote {
        SafeServiceRemote(network: http, baseURL: endpoint.url, apiKey: endpoint.apiKey)
    }

    /// The followed Safe at `address`: the one on `chain`'s network when the home follows it
    /// there, else the first followed anywhere.
    func followedSafe(_ address: Address, on chain: ChainSelection) async throws -> Safe {
        if let network = try? await connector.connect(chain).network, let followed = try await storage.safe(chainID: network.chainID, address: address) {
            return followed
        }
        guard let followed = try await storage.safes(address: address).first else { throw SafeError.unknownSafe(address) }
        return followed
    }
}
