import Foundation
import SafeKit
import Services
import Storage

/// A Safe message as a service client proposes it: the content, the proposer's own signature of
/// its SafeMessage hash, and what the client says of where it came from.
public struct CoSigningMessageProposal: Sendable {
    public var safe: Address
    public var content: SafeMessage.Content
    /// The proposer's signature, or several owners' packed together.
    public var signature: [UInt8]
    public var safeAppID: Int?
    public var origin: String?

    /// A proposal.
    public init(safe: Address, content: SafeMessage.Content, signature: [UInt8], safeAppID: Int?, origin: String?) {
        self.safe = safe
        self.content = content
        self.signature = signature
        self.safeAppID = safeAppID
        self.origin = origin
    }
}

// The server's Safe messages: the hash is computed here from the content with the Safe's domain
// read from the chain, and every signature must be an owner's over it (contract owners asked the
// way the Safe's release asks them), each owner once.
extension CoSigningStore {
    /// Stores a message signed by at least one owner, who is its proposer, or adds the signatures
    /// when it is stored already.
    func proposeMessage(_ p: CoSigningMessageProposal) async throws -> SafeMessageDetail {
        let state = try await safe(p.safe).safe
        guard let version = state.safeVersion else { throw CoSigningRefusal.unsupportedVersion(state.version) }
        let message = SafeMessage(safe: state.address, chainID: state.chainID, version: version, content: p.content)
        let signatures = try await verified(p.signature, of: message, safe: state)
        guard let proposer = signatures.first?.owner else { throw CoSigningRefusal.noSignature }
        let entry: SafeMessageEntry
        do { entry = try SafeMessageEntry(message, proposer: proposer, safeAppID: p.safeAppID, origin: p.origin, at: now()) } catch {
            throw CoSigningRefusal.invalidMessage(error.description)
        }
        try await remember(state, unlessUnchanged: true)
        let stored = try await storage.saveMessage(entry.adding(signatures, at: entry.createdAt))
        return SafeMessageDetail(stored, safe: state)
    }

    /// Adds owners' signatures to a stored message.
    func confirmMessage(_ messageHash: [UInt8], signature: [UInt8]) async throws -> SafeMessageDetail {
        let (stored, state) = try await message(messageHash)
        let signatures = try await verified(signature, of: try stored.safeMessage(), safe: state)
        guard !signatures.isEmpty else { throw CoSigningRefusal.noSignature }
        guard let updated = try await storage.confirmMessage(messageHash, with: signatures, at: now()) else {
            throw CoSigningRefusal.unknownMessage(messageHash)
        }
        return SafeMessageDetail(updated, safe: state)
    }

    /// A stored message, with where it stands against its Safe as the chain has it now.
    func message(_ messageHash: [UInt8]) async throws -> (SafeMessageEntry, Safe) {
        guard let stored = try await storage.message(messageHash) else { throw CoSigningRefusal.unknownMessage(messageHash) }
        return (stored, try await safe(stored.safe).safe)
    }

    /// One page of a Safe's messages, newest first, and how many it has.
    func messages(of address: Address, limit: Int, offset: Int) async throws -> (count: Int, page: [SafeMessageDetail]) {
        let state = try await safe(address).safe
        let (count, page) = try await storage.messages(chainID: state.chainID, safe: state.address, limit: limit, offset: offset)
        return (count, page.map { SafeMessageDetail($0, safe: state) })
    }

    private func verified(_ packed: [UInt8], of message: SafeMessage, safe: Safe) async throws -> [SafeSignature] {
        do {
            return try await verified(packed, subject: try SignedSubject.message(message), safe: safe)
        } catch let error as SafeKitError {
            throw CoSigningRefusal.invalidMessage(error.description)
        }
    }
}
