import BigInt
import EthereumKit
import Foundation
import GRDB
import SafeKit

/// The `safeTransaction` row, in the wallet's database and the co-signing server's alike.
struct SafeTransactionRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    enum Columns {
        static let safeTxHash = Column(CodingKeys.safeTxHash)
        static let chainId = Column(CodingKeys.chainId)
        static let safe = Column(CodingKeys.safe)
        static let nonce = Column(CodingKeys.nonce)
        static let status = Column(CodingKeys.status)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    static let databaseTableName = "safeTransaction"

    var safeTxHash: String
    var chainId: String
    var safe: String
    var safeVersion: String
    var toAddress: String
    var value: String
    var data: String
    var operation: Int
    var safeTxGas: String
    var baseGas: String
    var gasPrice: String
    var gasToken: String
    var refundReceiver: String
    var nonce: StoredInteger
    var status: String
    var executionHash: String?
    var summary: String
    var createdAt: Date
    var updatedAt: Date
    var proposer: String?
    var origin: String?

    init(_ e: SafeTransactionEntry) {
        let t = e.transaction
        safeTxHash = Hex.encode(e.safeTxHash)
        chainId = t.chainID.map { String($0) } ?? ""
        safe = t.safe.checksummed
        safeVersion = t.version.rawValue
        toAddress = t.to.checksummed
        value = String(t.value)
        data = Hex.encode(t.data)
        operation = Int(t.operation.rawValue)
        safeTxGas = String(t.safeTxGas)
        baseGas = String(t.baseGas)
        gasPrice = String(t.gasPrice)
        gasToken = t.gasToken.checksummed
        refundReceiver = t.refundReceiver.checksummed
        nonce = StoredInteger(t.nonce)
        status = e.status.rawValue
        executionHash = e.executionHash.map { Hex.encode($0) }
        summary = e.summary
        createdAt = e.createdAt
        updatedAt = e.updatedAt
        proposer = e.proposer?.checksummed
        origin = e.origin
    }

    /// The entry with `signatures`; a field or a signature that does not
    /// read is an error, never a row or a signature silently left out.
    func entity(signatures: [SafeSignatureRecord]) throws(StorageError) -> SafeTransactionEntry {
        func n(_ s: String) -> BigUInt? { BigUInt(s, radix: 10) }
        let row = "the Safe transaction \(safeTxHash)"
        guard let version = SafeVersion(rawValue: safeVersion), let op = SafeOperation(rawValue: UInt8(clamping: operation)),
              let safe = try? Address(safe), let to = try? Address(toAddress), let value = n(value), let data = try? Hex.decode(data),
              let stg = n(safeTxGas), let bg = n(baseGas), let gp = n(gasPrice), let gt = try? Address(gasToken),
              let rr = try? Address(refundReceiver), let status = SafeTransactionStatus(rawValue: status)
        else { throw .unreadable(row) }
        let tx = SafeTx(safe: safe, chainID: n(chainId), version: version, to: to, value: value, data: data, operation: op,
                        safeTxGas: stg, baseGas: bg, gasPrice: gp, gasToken: gt, refundReceiver: rr, nonce: nonce.value)
        // The hash was checked against the fields and each signature recovered when written.
        guard let hash = try? Hex.decode(safeTxHash) else { throw .unreadable(row) }
        var sigs = [StoredSignature]()
        for r in signatures { sigs.append(try StoredSignature.reading(owner: r.owner, signature: r.signature, addedAt: r.addedAt, of: safeTxHash)) }
        var proposerAddress: Address?
        if let proposer {
            guard let address = try? Address(proposer) else { throw .unreadable(row) }
            proposerAddress = address
        }
        let execution: [UInt8]?
        if let executionHash {
            guard let bytes = try? Hex.decode(executionHash) else { throw .unreadable(row) }
            execution = bytes
        } else {
            execution = nil
        }
        return SafeTransactionEntry(transaction: tx, safeTxHash: hash, storedSignatures: sigs, status: status, executionHash: execution,
                                    summary: summary, proposer: proposerAddress, origin: origin, createdAt: createdAt, updatedAt: updatedAt)
    }
}

/// The `safeSignature` row: one owner's signature of one safeTxHash.
struct SafeSignatureRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "safeSignature"

    enum Columns {
        static let safeTxHash = Column(CodingKeys.safeTxHash)
    }

    var safeTxHash: String
    var owner: String
    var signature: String
    var addedAt: Date

    init(safeTxHash: String, _ signature: SafeSignature, addedAt: Date) {
        self.safeTxHash = safeTxHash
        owner = signature.owner.checksummed
        self.signature = Hex.encode(signature.bytes)
        self.addedAt = addedAt
    }
}
