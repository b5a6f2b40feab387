import BigInt
import EthereumKit
import Foundation
import GRDB
import SafeKit

/// The `safe` row.
struct SafeRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "safe"

    var chainId: String
    var address: String
    var name: String?
    var version: String
    var owners: String
    var threshold: String
    var nonce: String
    var modules: String
    var fallbackHandler: String
    var guardAddress: String
    var updatedAt: Date

    init(_ s: Safe) {
        chainId = String(s.chainID)
        address = s.address.checksummed
        name = s.name
        version = s.version
        owners = s.owners.map(\.checksummed).joined(separator: ",")
        threshold = String(s.threshold)
        nonce = String(s.nonce)
        modules = s.modules.map(\.checksummed).joined(separator: ",")
        fallbackHandler = s.fallbackHandler.checksummed
        guardAddress = s.guardAddress.checksummed
        updatedAt = s.updatedAt
    }

    var entity: Safe? {
        func list(_ s: String) -> [Address]? {
            var out: [Address] = []
            for part in s.split(separator: ",") {
                guard let a = try? Address(String(part)) else { return nil }
                out.append(a)
            }
            return out
        }
        guard let id = BigUInt(chainId, radix: 10), let a = try? Address(address), let o = list(owners), let m = list(modules),
              let t = BigUInt(threshold, radix: 10), let n = BigUInt(nonce, radix: 10),
              let f = try? Address(fallbackHandler), let g = try? Address(guardAddress)
        else { return nil }
        return Safe(chainID: id, address: a, name: name, version: version, owners: o, threshold: t, nonce: n, modules: m,
                    fallbackHandler: f, guardAddress: g, updatedAt: updatedAt)
    }
}

/// The `safeTransaction` row: the fields that are hashed, so the hash is recomputed on read.
struct SafeTransactionRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
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
    var nonce: String
    var status: String
    var executionHash: String?
    var summary: String
    var createdAt: Date
    var updatedAt: Date

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
        nonce = String(t.nonce)
        status = e.status.rawValue
        executionHash = e.executionHash.map { Hex.encode($0) }
        summary = e.summary
        createdAt = e.createdAt
        updatedAt = e.updatedAt
    }

    func entity(signatures: [SafeSignatureRecord]) -> SafeTransactionEntry? {
        func n(_ s: String) -> BigUInt? { BigUInt(s, radix: 10) }
        guard let version = SafeVersion(rawValue: safeVersion), let op = SafeOperation(rawValue: UInt8(clamping: operation)),
              let safe = try? Address(safe), let to = try? Address(toAddress), let value = n(value), let data = try? Hex.decode(data),
              let stg = n(safeTxGas), let bg = n(baseGas), let gp = n(gasPrice), let gt = try? Address(gasToken),
              let rr = try? Address(refundReceiver), let nonce = n(nonce), let status = SafeTransactionStatus(rawValue: status)
        else { return nil }
        let tx = SafeTx(safe: safe, chainID: n(chainId), version: version, to: to, value: value, data: data, operation: op,
                        safeTxGas: stg, baseGas: bg, gasPrice: gp, gasToken: gt, refundReceiver: rr, nonce: nonce)
        guard let hash = try? tx.hash(), Hex.encode(hash) == safeTxHash else { return nil }
        let sigs = signatures.compactMap { r in (try? Hex.decode(r.signature)).flatMap { try? SafeSignature(bytes: $0, safeTxHash: hash) } }
        return SafeTransactionEntry(transaction: tx, safeTxHash: hash, signatures: sigs, status: status,
                                    executionHash: executionHash.flatMap { try? Hex.decode($0) }, summary: summary,
                                    createdAt: createdAt, updatedAt: updatedAt)
    }
}

/// The `safeSignature` row: one owner's signature of one safeTxHash.
struct SafeSignatureRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "safeSignature"

    var safeTxHash: String
    var owner: String
    var signature: String
    var addedAt: Date
}
