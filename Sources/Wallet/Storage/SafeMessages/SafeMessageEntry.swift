import BigInt
import EthereumKit
import Foundation
import SafeKit

/// What a Safe message holds: a text, or EIP-712 typed data (kept as its JSON).
public enum SafeMessageKind: String, Sendable, Hashable {
    case text, typedData
}

/// A message a Safe is asked to sign, with the owners' signatures so far: what the wallet stores.
public struct SafeMessageEntry: Sendable, Hashable {
    /// The SafeMessage hash the owners sign.
    public let messageHash: [UInt8]
    public let chainID: BigUInt
    public let safe: Address
    public let version: SafeVersion
    public let kind: SafeMessageKind
    /// The text, or the typed data's JSON as it was given.
    public let message: String
    /// Who asked, when known.
    public let proposer: Address?
    /// The Safe app that asked, as the Transaction Service numbers them, when known.
    public let safeAppID: Int?
    /// Where the request came from, as a service client says it.
    public let origin: String?
    /// The signatures over `messageHash`, oldest first, one per owner.
    public let storedSignatures: [StoredSignature]
    public let createdAt: Date
    public let updatedAt: Date

    /// An entry; `messageHash` must be `safeMessage().hash()`, which storage checks on write.
    public init(messageHash: [UInt8], chainID: BigUInt, safe: Address, version: SafeVersion, kind: SafeMessageKind, message: String,
                proposer: Address? = nil, safeAppID: Int? = nil, origin: String? = nil, storedSignatures: [StoredSignature] = [],
                createdAt: Date, updatedAt: Date) {
        self.messageHash = messageHash
        self.chainID = chainID
        self.safe = safe
        self.version = version
        self.kind = kind
        self.message = message
        self.proposer = proposer
        self.safeAppID = safeAppID
        self.origin = origin
        self.storedSignatures = storedSignatures
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// A new entry for `message`, hashed here.
    public init(_ message: SafeMessage, proposer: Address?, safeAppID: Int? = nil, origin: String? = nil, at time: Date) throws(SafeKitError) {
        let (kind, text) = message.content.stored
        self.init(messageHash: try message.hash(), chainID: message.chainID, safe: message.safe, version: message.version,
                  kind: SafeMessageKind(rawValue: kind)!, message: text, proposer: proposer, safeAppID: safeAppID, origin: origin,
                  createdAt: time, updatedAt: time)
    }

    /// Every storage checks this once, when it writes, so reads never hash again: the message must
    /// hash to `messageHash`, and each signature that can be recovered must recover to its owner.
    public func checkHashes() throws(StorageError) {
        guard let hash = try? safeMessage().hash(), hash == messageHash else {
            throw StorageError("the Safe message does not hash to \(Hex.encode(messageHash))")
        }
        for stored in storedSignatures where stored.signature.kind != .contract {
            guard (try? SafeSignature(bytes: stored.signature.bytes, safeTxHash: hash))?.owner == stored.signature.owner else {
                throw StorageError("\(stored.signature.owner.checksummed)'s signature is not over \(Hex.encode(hash))")
            }
        }
    }

    /// The signatures, one per owner.
    public var signatures: [SafeSignature] { storedSignatures.map(\.signature) }

    /// The message as SafeKit hashes it.
    public func safeMessage() throws(SafeKitError) -> SafeMessage {
        SafeMessage(safe: safe, chainID: chainID, version: version, content: try SafeMessage.Content(kind: kind.rawValue, text: message))
    }

    /// This entry with `signatures` merged by `ConfirmationSet`'s rule (an owner's signature
    /// stays unless a longer contract signature replaces it), at `time`.
    public func adding(_ signatures: [SafeSignature], at time: Date) -> SafeMessageEntry {
        let merged = ConfirmationSet(self.signatures).merging(signatures)
        let stored = merged.set.signatures.map { signature in
            merged.changed.contains(signature) ? StoredSignature(signature, addedAt: time)
                : storedSignatures.first { $0.signature == signature } ?? StoredSignature(signature, addedAt: time)
        }
        return SafeMessageEntry(messageHash: messageHash, chainID: chainID, safe: safe, version: version, kind: kind, message: message,
                                proposer: proposer, safeAppID: safeAppID, origin: origin, storedSignatures: stored, createdAt: createdAt, updatedAt: time)
    }
}
