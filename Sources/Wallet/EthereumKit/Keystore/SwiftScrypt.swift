/// scrypt (RFC 7914) written in Swift: the fallback `ScryptKDF` uses for legacy parameters that
/// BoringSSL refuses. Tested against RFC 7914 section 12 and against BoringSSL.
///
/// Callers check the parameters first (`ScryptParameters.checkAcceptable`); this only asserts
/// the shape it needs.
enum SwiftScrypt {
    static func deriveKey(
        password: [UInt8], salt: [UInt8], parameters: ScryptParameters, outputByteCount: Int
    ) throws(KeystoreFileError) -> [UInt8] {
        let n = parameters.n, r = parameters.r, p = parameters.p
        precondition(n >= 2 && n & (n - 1) == 0 && r >= 1 && p >= 1, "unchecked scrypt parameters")
        let blockBytes = 128 * r
        let words = 32 * r

        // 1. B = PBKDF2-HMAC-SHA256(P, S, 1, p·128·r)
        var b = try ScryptKDF.pbkdf2SHA256(password: password, salt: salt, rounds: 1, outputByteCount: p * blockBytes)
        defer { b.resetBytes() }

        // 2. B_i = ROMix(B_i, N) for each of the p blocks.
        var x = [UInt32](repeating: 0, count: words)
        var y = [UInt32](repeating: 0, count: words)
        var v = [UInt32](repeating: 0, count: words * n)
        defer {
            x.resetWords()
            y.resetWords()
            v.resetWords()
        }
        b.withUnsafeMutableBufferPointer { bp in
            x.withUnsafeMutableBufferPointer { xp in
                y.withUnsafeMutableBufferPointer { yp in
                    v.withUnsafeMutableBufferPointer { vp in
                        for i in 0..<p {
                            let base = i * blockBytes
                            for k in 0..<words {
                                let o = base + 4 * k
                                xp[k] = UInt32(bp[o]) | UInt32(bp[o + 1]) &<< 8 | UInt32(bp[o + 2]) &<< 16 | UInt32(bp[o + 3]) &<< 24
                            }
                            roMix(x: xp, y: yp, v: vp, r: r, n: n)
                            for k in 0..<words {
                                let o = base + 4 * k
                                let w = xp[k]
                                bp[o] = UInt8(truncatingIfNeeded: w)
                                bp[o + 1] = UInt8(truncatingIfNeeded: w &>> 8)
                                bp[o + 2] = UInt8(truncatingIfNeeded: w &>> 16)
                                bp[o + 3] = UInt8(truncatingIfNeeded: w &>> 24)
                            }
                        }
                    }
                }
            }
        }

        // 3. DK = PBKDF2-HMAC-SHA256(P, B, 1, dkLen)
        return try ScryptKDF.pbkdf2SHA256(password: password, salt: b, rounds: 1, outputByteCount: outputByteCount)
    }

    /// ROMix on the 32·r words in `x` (result left in `x`); `y` is scratch, `v` holds N·32·r words.
    private static func roMix(
        x: UnsafeMutableBufferPointer<UInt32>, y: UnsafeMutableBufferPointer<UInt32>,
        v: UnsafeMutableBufferPointer<UInt32>, r: Int, n: Int
    ) {
        let words = 32 * r
        guard let xBase = x.baseAddress, let yBase = y.baseAddress, let vBase = v.baseAddress else { return }
        var cur = xBase, other = yBase
        for j in 0..<n {
            (vBase + j * words).update(from: cur, count: words)
            blockMix(cur, into: other, r: r)
            swap(&cur, &other)
        }
        let mask = n - 1
        let last = (2 * r - 1) * 16
        for _ in 0..<n {
            let k = Int(cur[last]) & mask
            let vk = vBase + k * words
            for w in 0..<words { cur[w] ^= vk[w] }
            blockMix(cur, into: other, r: r)
            swap(&cur, &other)
        }
        if cur != xBase { xBase.update(from: cur, count: words) }
    }

    /// BlockMix_{Salsa20/8, r}: reads 2r 64-byte blocks from `input`, writes the shuffled result to `output`.
    private static func blockMix(_ input: UnsafeMutablePointer<UInt32>, into output: UnsafeMutablePointer<UInt32>, r: Int) {
        var t = Block(input + (2 * r - 1) * 16)
        for i in 0..<(2 * r) {
            t.salsa20_8(xoring: Block(input + i * 16))
            let slot = (i & 1 == 0) ? i / 2 : r + i / 2
            t.store(to: output + slot * 16)
        }
    }

    /// One 64-byte Salsa20 block as sixteen little-endian words.
    private struct Block {
        var x0: UInt32, x1: UInt32, x2: UInt32, x3: UInt32
        var x4: UInt32, x5: UInt32, x6: UInt32, x7: UInt32
        var x8: UInt32, x9: UInt32, x10: UInt32, x11: UInt32
        var x12: UInt32, x13: UInt32, x14: UInt32, x15: UInt32

        init(_ w: UnsafeMutablePointer<UInt32>) {
            x0 = w[0]; x1 = w[1]; x2 = w[2]; x3 = w[3]
            x4 = w[4]; x5 = w[5]; x6 = w[6]; x7 = w[7]
            x8 = w[8]; x9 = w[9]; x10 = w[10]; x11 = w[11]
            x12 = w[12]; x13 = w[13]; x14 = w[14]; x15 = w[15]
        }

        func store(to w: UnsafeMutablePointer<UInt32>) {
            w[0] = x0; w[1] = x1; w[2] = x2; w[3] = x3
            w[4] = x4; w[5] = x5; w[6] = x6; w[7] = x7
            w[8] = x8; w[9] = x9; w[10] = x10; w[11] = x11
            w[12] = x12; w[13] = x13; w[14] = x14; w[15] = x15
        }

        /// self = Salsa20/8(self ⊕ other).
        mutating func salsa20_8(xoring o: Block) {
            var b0 = x0 ^ o.x0, b1 = x1 ^ o.x1, b2 = x2 ^ o.x2, b3 = x3 ^ o.x3
            var b4 = x4 ^ o.x4, b5 = x5 ^ o.x5, b6 = x6 ^ o.x6, b7 = x7 ^ o.x7
            var b8 = x8 ^ o.x8, b9 = x9 ^ o.x9, b10 = x10 ^ o.x10, b11 = x11 ^ o.x11
            var b12 = x12 ^ o.x12, b13 = x13 ^ o.x13, b14 = x14 ^ o.x14, b15 = x15 ^ o.x15
            let i0 = b0, i1 = b1, i2 = b2, i3 = b3, i4 = b4, i5 = b5, i6 = b6, i7 = b7
            let i8 = b8, i9 = b9, i10 = b10, i11 = b11, i12 = b12, i13 = b13, i14 = b14, i15 = b15
            for _ in 0..<4 {
                // Columns.
                b4 ^= rotl(b0 &+ b12, 7); b8 ^= rotl(b4 &+ b0, 9)
                b12 ^= rotl(b8 &+ b4, 13); b0 ^= rotl(b12 &+ b8, 18)
                b9 ^= rotl(b5 &+ b1, 7); b13 ^= rotl(b9 &+ b5, 9)
                b1 ^= rotl(b13 &+ b9, 13); b5 ^= rotl(b1 &+ b13, 18)
                b14 ^= rotl(b10 &+ b6, 7); b2 ^= rotl(b14 &+ b10, 9)
                b6 ^= rotl(b2 &+ b14, 13); b10 ^= rotl(b6 &+ b2, 18)
                b3 ^= rotl(b15 &+ b11, 7); b7 ^= rotl(b3 &+ b15, 9)
                b11 ^= rotl(b7 &+ b3, 13); b15 ^= rotl(b11 &+ b7, 18)
                // Rows.
                b1 ^= rotl(b0 &+ b3, 7); b2 ^= rotl(b1 &+ b0, 9)
                b3 ^= rotl(b2 &+ b1, 13); b0 ^= rotl(b3 &+ b2, 18)
                b6 ^= rotl(b5 &+ b4, 7); b7 ^= rotl(b6 &+ b5, 9)
                b4 ^= rotl(b7 &+ b6, 13); b5 ^= rotl(b4 &+ b7, 18)
                b11 ^= rotl(b10 &+ b9, 7); b8 ^= rotl(b11 &+ b10, 9)
                b9 ^= rotl(b8 &+ b11, 13); b10 ^= rotl(b9 &+ b8, 18)
                b12 ^= rotl(b15 &+ b14, 7); b13 ^= rotl(b12 &+ b15, 9)
                b14 ^= rotl(b13 &+ b12, 13); b15 ^= rotl(b14 &+ b13, 18)
            }
            x0 = b0 &+ i0; x1 = b1 &+ i1; x2 = b2 &+ i2; x3 = b3 &+ i3
            x4 = b4 &+ i4; x5 = b5 &+ i5; x6 = b6 &+ i6; x7 = b7 &+ i7
            x8 = b8 &+ i8; x9 = b9 &+ i9; x10 = b10 &+ i10; x11 = b11 &+ i11
            x12 = b12 &+ i12; x13 = b13 &+ i13; x14 = b14 &+ i14; x15 = b15 &+ i15
        }
    }
}

@inline(__always)
private func rotl(_ a: UInt32, _ k: UInt32) -> UInt32 {
    (a &<< k) | (a &>> (32 &- k))
}

extension Array where Element == UInt32 {
    /// Overwrites the contents with zeros.
    fileprivate mutating func resetWords() {
        withUnsafeMutableBufferPointer { buf in
            for i in buf.indices { buf[i] = 0 }
        }
    }
}
