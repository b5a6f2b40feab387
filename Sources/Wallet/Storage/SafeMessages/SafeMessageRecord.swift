import BigInt
import EthereumKit
import Foundation
import GRDB
import SafeKit

/// A `safeMessage` row.
struct SafeMessageRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "safeMessage"

    enum Columns {
        static let messageHash = Column(CodingKeys.messageHash)
        static let chainId = Column(CodingKeys.chainId)
        static let safe = Column(CodingKeys.safe)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    var messageHash: String
    var chainId: String
    var safe: String
    var safeVersion: String
    var kind: String
    var message: String
    var proposer: String?
    var safeAppId: Int?
    var origin: String?
    var createdAt: Date
    var updatedAt: Date

    init(_ e: SafeMessageEntry) {
        messageHash = Hex.encode(e.messageHash)
        chainId = String(e.chainID)
        safe = e.safe.checksummed
        safeVersion = e.version.rawValue
        kind = e.kind.rawValue
        message = e.message
        proposer = e.proposer?.checksummed
        safeAppId = e.safeAppID
        origin = e.origin
        createdAt = e.createdAt
        updatedAt = e.updatedAt
    }

    func entity(signatures: [SafeMessageSignatureRecord]) throws(StorageError) -> SafeMessageEntry {
        let row = "the Safe message \(messageHash)"
        guard let hash = try? Hex.decode(messageHash), let chainID = BigUInt(chainId, radix: 10), let safe = try? Address(safe),
              let version = SafeVersion(rawValue: safeVersion), let kind = SafeMessageKind(rawValue: kind) else { throw .unreadable(row) }
        var proposerAddress: Address?
        if let proposer {
            guard let address = try? Address(proposer) else { throw .unreadable(row) }
            proposerAddress = address
        }
        var stored: [StoredSignature] = []
        for r in signatures { stored.append(try r.stored()) }
        return SafeMessageEntry(messageHash: hash, chainID: chainID, safe: safe, version: version, kind: kind, message: message,
                                proposer: proposerAddress, safeAppID: safeAppId, origin: origin, storedSignatures: stored, createdAt: createdAt, updatedAt: updatedAt)
    }
}

/// A `safeMessageSignature` row.
struct SafeMessageSignatureRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "safeMessageSignature"

    enum Columns {
        static let messageHash = Column(CodingKeys.messageHash)
        static let addedAt = Column(CodingKeys.addedAt)
    }

    var messageHash: String
    var owner: String
    var signature: String
    var addedAt: Date

    init(messageHash: String, _ stored: StoredSignature) {
        self.messageHash = messageHash
        owner = stored.signature.owner.checksummed
        signature = Hex.encode(stored.signature.bytes)
        addedAt = stored.addedAt
    }

    /// The signature this row holds.
    func stored() throws(StorageError) -> StoredSignature {
        try StoredSignature.reading(owner: owner, signature: signature, addedAt: addedAt, of: messageHash)
    }
}
