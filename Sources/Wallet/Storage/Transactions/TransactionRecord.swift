import BigInt
import EthereumKit
import Foundation
import GRDB

/// The `transaction` row; big integers are decimal text so nothing is rounded.
struct TransactionRecord: Codable, FetchableRecord, PersistableRecord, EntityRecord, Sendable {
    enum Columns {
        static let fromAddress = Column(CodingKeys.fromAddress)
        static let nonce = Column(CodingKeys.nonce)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    static let databaseTableName = "transaction"

    var hash: String
    var chainId: String
    var fromAddress: String
    var toAddress: String?
    var value: String
    var nonce: StoredInteger
    var raw: String
    var keyName: String?
    var tokenAddress: String?
    var tokenAmount: String?
    var status: String
    var error: String?
    var blockNumber: String?
    var gasUsed: String?
    var effectiveGasPrice: String?
    var createdAt: Date
    var updatedAt: Date

    init(_ t: StoredTransaction) {
        hash = Hex.encode(t.hash)
        chainId = String(t.chainID)
        fromAddress = t.from.checksummed
        toAddress = t.to?.checksummed
        value = String(t.value)
        nonce = StoredInteger(t.nonce)
        raw = Hex.encode(t.raw)
        keyName = t.keyName
        tokenAddress = t.token?.checksummed
        tokenAmount = t.tokenAmount.map { String($0) }
        status = t.status.rawValue
        error = t.error
        blockNumber = t.blockNumber.map { String($0) }
        gasUsed = t.gasUsed.map { String($0) }
        effectiveGasPrice = t.effectiveGasPrice.map { String($0) }
        createdAt = t.createdAt
        updatedAt = t.updatedAt
    }

    var rowDescription: String { "the transaction \(hash)" }

    var decoded: StoredTransaction? {
        func n(_ s: String?) -> BigUInt? { s.flatMap { BigUInt($0, radix: 10) } }
        // No address is fine; an address that does not parse is not.
        func address(_ s: String?) -> Address?? {
            guard let s else { return .some(nil) }
            return (try? Address(s)).map { .some($0) }
        }
        guard let h = try? Hex.decode(hash), let id = n(chainId), let from = try? Address(fromAddress),
              let v = n(value), let r = try? Hex.decode(raw), let st = TransactionStatus(rawValue: status),
              let to = address(toAddress), let token = address(tokenAddress)
        else { return nil }
        return StoredTransaction(hash: h, chainID: id, from: from, to: to, value: v,
                                 nonce: nonce.value, raw: r, keyName: keyName, token: token,
                                 tokenAmount: n(tokenAmount), status: st, error: error, blockNumber: n(blockNumber),
                                 gasUsed: n(gasUsed), effectiveGasPrice: n(effectiveGasPrice),
                                 createdAt: createdAt, updatedAt: updatedAt)
    }
}
