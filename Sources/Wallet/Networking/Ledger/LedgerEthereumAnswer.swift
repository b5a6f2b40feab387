import EthereumKit

/// The Ethereum app's answers read from their documented formats; each checks what it can.
public enum LedgerEthereumAnswer {
    /// GET ETH PUBLIC ADDRESS's answer: public key length, public key, address length, the address in
    /// ASCII hex, then the chain code when asked for. The address must be the public key's.
    public static func address(_ data: [UInt8], withChainCode: Bool = false) throws(LedgerError) -> (publicKey: PublicKey, address: Address) {
        var reader = Reader(data)
        let keyBytes = try reader.take(Int(try reader.byte()))
        let text = try reader.take(Int(try reader.byte()))
        if withChainCode { _ = try reader.take(32) }
        guard reader.atEnd else { throw .malformedAnswer("\(reader.remaining) bytes after the address") }
        guard let publicKey = try? PublicKey(bytes: keyBytes) else { throw .malformedAnswer("not a public key") }
        guard text.count == 40, let address = try? Address("0x" + String(decoding: text, as: UTF8.self).lowercased()) else {
            throw .malformedAnswer("not an address in hex")
        }
        guard address == publicKey.address else { throw .malformedAnswer("the address is not the public key's") }
        return (publicKey, address)
    }

    // The address text is compared as lower case: the app writes it with EIP-55's capitals, and
    // the public key, not the capitals, is what is checked.

    /// A signature answer: v (one byte), r (32), s (32).
    public static func signature(_ data: [UInt8]) throws(LedgerError) -> (v: UInt8, r: [UInt8], s: [UInt8]) {
        guard data.count == 65 else { throw .malformedAnswer("a signature of \(data.count) bytes, not 65") }
        return (data[0], Array(data[1..<33]), Array(data[33..<65]))
    }

    /// The recovery id in a personal-message or EIP-712 answer, whose v is 27 + parity.
    public static func messageRecoveryID(v: UInt8) throws(LedgerError) -> UInt8 {
        switch v {
        case 27, 28: return v - 27
        case 0, 1: return v
        default: throw .malformedAnswer("v \(v) is neither 27 nor 28")
        }
    }

    /// The recovery id in a transaction signature's answer. A typed transaction's v is the parity.
    /// A legacy one's is the whole v cut to its lowest byte: 35 + 2 × chain ID + parity under
    /// EIP-155, 27 + parity without a chain ID; so the parity is what is left, modulo 256, after
    /// taking the rest away. (ledgereth does the same only when v would not fit a byte, and then
    /// gets a negative parity for chain IDs where 35 + 2 × chain ID ends in 0xFF.)
    public static func transactionRecoveryID(v: UInt8, for transaction: Transaction) throws(LedgerError) -> UInt8 {
        switch transaction.type {
        case .accessList, .dynamicFee:
            guard v <= 1 else { throw .malformedAnswer("a typed transaction's v \(v) is not a parity") }
            return v
        case .legacy:
            let base: UInt8
            if let chainID = transaction.chainID { base = UInt8(truncatingIfNeeded: (chainID * 2 + 35) & 0xFF) } else { base = 27 }
            let parity = v &- base
            guard parity <= 1 else { throw .malformedAnswer("v \(v) does not belong to this transaction's chain") }
            return parity
        }
    }

    /// B0 01's answer: format 1, name length, name, version length, version, then (from an app, not
    /// the dashboard) flags length and flags.
    public static func appInfo(_ data: [UInt8]) throws(LedgerError) -> LedgerAppInfo {
        var reader = Reader(data)
        guard try reader.byte() == 1 else { throw .malformedAnswer("app info in an unknown format") }
        let name = try reader.take(Int(try reader.byte()))
        let version = try reader.take(Int(try reader.byte()))
        if !reader.atEnd { _ = try reader.take(Int(try reader.byte())) }
        guard reader.atEnd else { throw .malformedAnswer("\(reader.remaining) bytes after the app info") }
        guard name.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), version.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            throw .malformedAnswer("an app name or version that is not printable ASCII")
        }
        return LedgerAppInfo(name: String(decoding: name, as: UTF8.self), version: String(decoding: version, as: UTF8.self))
    }

    /// Reads an answer front to back, every read checked against its length.
    struct Reader {
        private let bytes: [UInt8]
        private var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var atEnd: Bool { offset == bytes.count }
        var remaining: Int { bytes.count - offset }
        mutating func byte() throws(LedgerError) -> UInt8 { try take(1)[0] }
        mutating func take(_ count: Int) throws(LedgerError) -> [UInt8] {
            guard count <= remaining else { throw .malformedAnswer("the answer ends \(count - remaining) bytes early") }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }
    }
}
