/// RIPEMD-160 (Dobbertin, Bosselaers, Preneel, 1996). BIP32 needs it for HASH160 key
/// fingerprints, and swift-crypto does not offer it, so it is written here.
public enum RIPEMD160 {
    /// The 20-byte RIPEMD-160 digest of `bytes`.
    public static func hash<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        // MD4-style padding: 0x80, zeros to 56 mod 64, then the bit length little-endian.
        var message = Array(bytes)
        let bitLength = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for k in 0..<8 { message.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(k)))) }

        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var block = [UInt32](repeating: 0, count: 16)
        message.withUnsafeBufferPointer { buffer in
            for start in stride(from: 0, to: buffer.count, by: 64) {
                for w in 0..<16 {
                    let o = start + 4 * w
                    block[w] = UInt32(buffer[o]) | UInt32(buffer[o + 1]) << 8 | UInt32(buffer[o + 2]) << 16 | UInt32(buffer[o + 3]) << 24
                }
                compress(&state, block)
            }
        }

        var digest = [UInt8]()
        digest.reserveCapacity(20)
        for word in state {
            for k in 0..<4 { digest.append(UInt8(truncatingIfNeeded: word >> (8 * UInt32(k)))) }
        }
        return digest
    }

    /// One 64-byte block through the two parallel lines of 80 steps each.
    private static func compress(_ h: inout [UInt32], _ x: [UInt32]) {
        var al = h[0], bl = h[1], cl = h[2], dl = h[3], el = h[4]
        var ar = al, br = bl, cr = cl, dr = dl, er = el
        for j in 0..<80 {
            let round = j >> 4
            var t = al &+ f(round, bl, cl, dl) &+ x[Int(leftWord[j])] &+ leftConstant[round]
            t = rotl(t, leftShift[j]) &+ el
            al = el; el = dl; dl = rotl(cl, 10); cl = bl; bl = t
            // The right line uses the boolean functions in reverse order.
            t = ar &+ f(4 - round, br, cr, dr) &+ x[Int(rightWord[j])] &+ rightConstant[round]
            t = rotl(t, rightShift[j]) &+ er
            ar = er; er = dr; dr = rotl(cr, 10); cr = br; br = t
        }
        let t = h[1] &+ cl &+ dr
        h[1] = h[2] &+ dl &+ er
        h[2] = h[3] &+ el &+ ar
        h[3] = h[4] &+ al &+ br
        h[4] = h[0] &+ bl &+ cr
        h[0] = t
    }

    @inline(__always)
    private static func f(_ round: Int, _ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 {
        switch round {
        case 0: return x ^ y ^ z
        case 1: return (x & y) | (~x & z)
        case 2: return (x | ~y) ^ z
        case 3: return (x & z) | (y & ~z)
        default: return x ^ (y | ~z)
        }
    }

    @inline(__always)
    private static func rotl(_ x: UInt32, _ n: UInt8) -> UInt32 { (x << UInt32(n)) | (x >> UInt32(32 - n)) }

    private static let leftConstant: [UInt32] = [0x0000_0000, 0x5A82_7999, 0x6ED9_EBA1, 0x8F1B_BCDC, 0xA953_FD4E]
    private static let rightConstant: [UInt32] = [0x50A2_8BE6, 0x5C4D_D124, 0x6D70_3EF3, 0x7A6D_76E9, 0x0000_0000]

    private static let leftWord: [UInt8] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8,
        3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12,
        1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2,
        4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
    ]
    private static let rightWord: [UInt8] = [
        5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12,
        6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2,
        15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13,
        8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14,
        12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
    ]
    private static let leftShift: [UInt8] = [
        11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
        7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
        11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
        11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
        9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
    ]
    private static let rightShift: [UInt8] = [
        8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6,
        9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11,
        9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5,
        15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8,
        8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
    ]
}
