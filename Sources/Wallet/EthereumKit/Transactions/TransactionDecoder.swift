import BigInt

/// Field-by-field decoding of signed raw transactions, with the checks nodes apply.
enum TransactionDecoder {
    static let secp256k1Order = BigUInt("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", radix: 16)!

    static func decode(_ raw: [UInt8]) throws(TransactionError) -> SignedTransaction {
        guard let first = raw.first else { throw .empty }
        if first >= 0xc0 { return try decodeLegacy(raw) }
        guard let type = TransactionType(rawValue: first), type != .legacy else { throw .unsupportedType(first) }
        let fields = try list(Array(raw.dropFirst()))
        var r = FieldReader(fields: fields)
        let expected = type == .accessList ? 11 : 12
        guard fields.count == expected else { throw .wrongFieldCount(expected: expected, got: fields.count) }
        let chainID = try r.uint("chainId")
        let nonce = try r.uint("nonce")
        var tx = Transaction(type: type, chainID: chainID, nonce: nonce, gasLimit: 0, to: nil, value: 0)
        if type == .accessList {
            tx.gasPrice = try r.uint("gasPrice")
        } else {
            tx.maxPriorityFeePerGas = try r.uint("maxPriorityFeePerGas")
            tx.maxFeePerGas = try r.uint("maxFeePerGas")
        }
        tx.gasLimit = try r.uint("gasLimit")
        tx.to = try r.optionalAddress("to")
        tx.value = try r.uint("value")
        tx.data = try r.bytes("data")
        tx.accessList = try r.accessList()
        let parity = try r.uint("yParity")
        guard parity <= 1 else { throw .invalidV(String(parity)) }
        let signature = try r.signature(recoveryID: UInt8(parity))
        try tx.validate()
        return SignedTransaction(transaction: tx, signature: signature)
    }

    private static func decodeLegacy(_ raw: [UInt8]) throws(TransactionError) -> SignedTransaction {
        let fields = try list(raw)
        guard fields.count == 9 else { throw .wrongFieldCount(expected: 9, got: fields.count) }
        var r = FieldReader(fields: fields)
        let nonce = try r.uint("nonce")
        let gasPrice = try r.uint("gasPrice")
        let gasLimit = try r.uint("gasLimit")
        let to = try r.optionalAddress("to")
        let value = try r.uint("value")
        let data = try r.bytes("data")
        let v = try r.uint("v")
        let chainID: BigUInt?
        let recid: UInt8
        if v == 27 || v == 28 {
            chainID = nil
            recid = UInt8(v - 27)
        } else if v >= 35 {
            chainID = (v - 35) / 2
            recid = UInt8((v - 35) % 2)
        } else {
            throw .invalidV(String(v))
        }
        let signature = try r.signature(recoveryID: recid)
        let tx = Transaction(type: .legacy, chainID: chainID, nonce: nonce, gasPrice: gasPrice,
                             gasLimit: gasLimit, to: to, value: value, data: data)
        try tx.validate()
        return SignedTransaction(transaction: tx, signature: signature)
    }

    private static func list(_ bytes: [UInt8]) throws(TransactionError) -> [RLPItem] {
        let item: RLPItem
        do { item = try RLPDecoder.decode(bytes) } catch { throw .rlp(error) }
        guard case .list(let fields) = item else { throw .rlp(.unexpectedBytes) }
        return fields
    }
}

/// Reads the fields of a transaction list in order.
private struct FieldReader {
    let fields: [RLPItem]
    var index = 0

    mutating func next(_ name: String) throws(TransactionError) -> [UInt8] {
        guard index < fields.count else { throw .wrongFieldCount(expected: index + 1, got: fields.count) }
        defer { index += 1 }
        guard case .bytes(let b) = fields[index] else { throw .fieldNotBytes(name) }
        return b
    }

    mutating func uint(_ name: String) throws(TransactionError) -> BigUInt {
        let b = try next(name)
        guard b.first != 0 else { throw .leadingZeros(name) }
        guard b.count <= 32 else { throw .integerTooLarge(name) }
        return BigUInt(Data(b))
    }

    mutating func bytes(_ name: String) throws(TransactionError) -> [UInt8] { try next(name) }

    mutating func optionalAddress(_ name: String) throws(TransactionError) -> Address? {
        let b = try next(name)
        if b.isEmpty { return nil }
        guard let a = try? Address(bytes: b) else { throw .invalidAddress(name) }
        return a
    }

    mutating func accessList() throws(TransactionError) -> [AccessListEntry] {
        guard index < fields.count, case .list(let entries) = fields[index] else { throw .invalidAccessList }
        index += 1
        var out = [AccessListEntry]()
        for entry in entries {
            guard case .list(let pair) = entry, pair.count == 2,
                  case .bytes(let addr) = pair[0], case .list(let keys) = pair[1]
            else { throw .invalidAccessList }
            guard let address = try? Address(bytes: addr) else { throw .invalidAddress("access list address") }
            var slots = [[UInt8]]()
            for k in keys {
                guard case .bytes(let slot) = k, slot.count == 32 else { throw .invalidStorageKey }
                slots.append(slot)
            }
            out.append(AccessListEntry(address: address, storageKeys: slots))
        }
        return out
    }

    mutating func signature(recoveryID: UInt8) throws(TransactionError) -> Signature {
        let r = try uint("r")
        let s = try uint("s")
        guard r > 0, s > 0, r < TransactionDecoder.secp256k1Order, s < TransactionDecoder.secp256k1Order,
              let rWord = r.word, let sWord = s.word else {
            throw .invalidSignature
        }
        return Signature(r: rWord, s: sWord, recoveryID: recoveryID)
    }
}

import Foundation
