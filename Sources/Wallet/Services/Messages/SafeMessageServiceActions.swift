import Foundation
import Networking
import SafeKit
import Storage

/// Sends a stored message and the owners' signatures collected here to a Transaction Service:
/// proposed with the first signature when the service does not have it, then each signature the
/// service lacks.
public struct ShareSafeMessage: SafeMessageAction {
    public let messageHash: [UInt8]
    public let service: SafeServiceEndpoint
    public init(messageHash: [UInt8], service: SafeServiceEndpoint) {
        self.messageHash = messageHash
        self.service = service
    }
    /// The owners whose signatures were sent.
    public func perform(on store: SafeMessageStore) async throws -> [Address] { try await store.share(self) }
}

/// Lists a Safe's messages on a Transaction Service, verifies them (hashes recomputed, signatures
/// recovered, contract signatures asked on chain), and merges them into the messages here.
public struct ServiceListSafeMessages: SafeMessageAction {
    public let safe: Address
    public let service: SafeServiceEndpoint
    public let chain: ChainSelection
    public init(safe: Address, service: SafeServiceEndpoint, chain: ChainSelection) {
        self.safe = safe
        self.service = service
        self.chain = chain
    }
    public func perform(on store: SafeMessageStore) async throws -> ServiceSafeMessages { try await store.serviceMessages(self) }
}

/// What a Transaction Service had of a Safe's messages, as merged here.
public struct ServiceSafeMessages: Sendable, Equatable {
    /// Each message the service listed, with the verified signatures merged in.
    public let messages: [SafeMessageDetail]
    /// Entries and signatures that did not verify, each with why.
    public let setAside: [String]
}

extension SafeMessageStore {
    func share(_ s: ShareSafeMessage) async throws -> [Address] {
        let (entry, safe) = try await storedMessage(s.messageHash)
        let signatures = entry.signatures.filter { safe.owners.contains($0.owner) && $0.kind != .approvedHash }
        let remote = remote(s.service), message = try entry.safeMessage()
        let there = try await remote.message(entry.messageHash, safe: safe.address, chainID: safe.chainID, version: message.version)
        var missing = signatures.filter { signature in !(there?.confirmations.contains { $0.owner == signature.owner } ?? false) }
        if there == nil {
            guard let first = missing.first else { throw SafeError.noSignatureToPropose(Hex.encode(entry.messageHash)) }
            try await remote.proposeMessage(safe: safe.address, chainID: safe.chainID, ServiceWireMessageProposal(
                content: message.content, signature: SafeSignature.pack([first]), safeAppID: entry.safeAppID, origin: entry.origin ?? "bifrost"))
            missing.removeFirst()
        }
        for signature in missing { try await remote.signMessage(messageHash: entry.messageHash, signature: SafeSignature.pack([signature])) }
        return signatures.map(\.owner)
    }

    func serviceMessages(_ l: ServiceListSafeMessages) async throws -> ServiceSafeMessages {
        let safe = try await followedSafe(l.safe, on: l.chain)
        guard let version = safe.safeVersion else { throw SafeError.unsupportedVersion(address: safe.address, version: safe.version) }
        let listing = try await remote(l.service).messages(safe: safe.address, chainID: safe.chainID, version: version)
        let chain = try? await connector.connect(l.chain)
        var merged: [SafeMessageDetail] = [], setAside = listing.setAside
        for item in listing.messages {
            let hash = Hex.encode(item.messageHash)
            let stored = try await storage.message(messageHash: item.messageHash)
                ?? SafeMessageEntry(item.message, proposer: item.proposedBy, safeAppID: item.safeAppID, origin: item.origin, at: now())
            let entry: SafeMessageEntry, refused: [SetAsideApproval]
            do { (entry, refused) = try await admit(item.confirmations, to: stored, safe: safe, chain: chain) } catch let refusal as SignatureRefusal {
                setAside.append("\(hash): \(refusal)")
                continue
            }
            setAside += (item.rejected + refused.map(\.description)).map { "\(hash): \($0)" }
            merged.append(try await detail(entry, safe: safe))
        }
        return ServiceSafeMessages(messages: merged, setAside: setAside)
    }
}
