import BigInt

/// An ECDSA signature with its recovery id (0 or 1; 2 and 3 are possible in theory only).
public struct Signature: Hashable, Sendable {
    /// 32-byte big-endian r.
    public let r: [UInt8]
    /// 32-byte big-endian s.
    public let s: [UInt8]
    /// The recovery id, the parity of R's y coordinate.
    public let recoveryID: UInt8

    /// Half the curve order: EIP-2 requires s at or below it.
    static let halfOrder = BigUInt("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0", radix: 16)!

    /// A signature from its parts; r and s are left-padded to 32 bytes.
    public init(r: [UInt8], s: [UInt8], recoveryID: UInt8) {
        self.r = Signature.pad32(r)
        self.s = Signature.pad32(s)
        self.recoveryID = recoveryID
    }

    /// Parses 65 bytes r‖s‖v, where v is 27/28 (Ethereum's convention) or 0/1.
    public init(rsv bytes: [UInt8]) throws(KeyMaterialError) {
        guard bytes.count == 65 else { throw .invalidSignature }
        let v = bytes[64]
        let recid: UInt8
        switch v {
        case 0, 1: recid = v
        case 27, 28: recid = v - 27
        default: throw .invalidRecoveryID(UInt64(v))
        }
        self.init(r: Array(bytes[0..<32]), s: Array(bytes[32..<64]), recoveryID: recid)
    }

    /// 65 bytes r‖s‖v with v = 27 + recovery id, the form of `personal_sign` and `eth_signTypedData`.
    public var rsv: [UInt8] { r + s + [27 + recoveryID] }

    /// v as 27/28.
    public var v: UInt8 { 27 + recoveryID }

    /// True when s is in the lower half of the curve order (EIP-2).
    public var isLowS: Bool { BigUInt(Data(s)) <= Signature.halfOrder }

    static func pad32(_ bytes: [UInt8]) -> [UInt8] {
        let trimmed = Array(bytes.drop { $0 == 0 })
        guard trimmed.count <= 32 else { return bytes }
        return [UInt8](repeating: 0, count: 32 - trimmed.count) + trimmed
    }
}

import Foundation
