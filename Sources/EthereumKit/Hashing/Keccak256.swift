/// Keccak-256 as Ethereum uses it (original Keccak padding `0x01`, not SHA3-256's `0x06`).
///
/// Use `Keccak256.hash(_:)` for one buffer, or `update(_:)` repeatedly and then `finalize()`.
public struct Keccak256: Sendable {
    /// Bytes absorbed per permutation: 1600 − 2 × 256 bits.
    public static let rate = 136

    private var state = [UInt64](repeating: 0, count: 25)
    private var buffer = [UInt8](repeating: 0, count: Keccak256.rate)
    private var buffered = 0

    /// A hasher with nothing absorbed yet.
    public init() {}

    /// The 32-byte Keccak-256 digest of `bytes`.
    public static func hash<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        var h = Keccak256()
        h.update(bytes)
        return h.finalize()
    }

    /// Absorbs more input.
    public mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { raw in
            absorb(UnsafeRawBufferPointer(raw))
        }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { absorb($0) }
        }
    }

    /// Pads, permutes and returns the digest; the hasher must not be used afterwards.
    public mutating func finalize() -> [UInt8] {
        for i in buffered..<Keccak256.rate { buffer[i] = 0 }
        buffer[buffered] ^= 0x01
        buffer[Keccak256.rate - 1] ^= 0x80
        state.withUnsafeMutableBufferPointer { s in
            buffer.withUnsafeBytes { b in Keccak256.xorBlock(b.baseAddress!, into: s.baseAddress!) }
            keccakF1600(s.baseAddress!)
        }
        buffered = 0
        var out = [UInt8](repeating: 0, count: 32)
        for lane in 0..<4 {
            let v = state[lane].littleEndian
            for k in 0..<8 { out[lane * 8 + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt64(k))) }
        }
        return out
    }

    private mutating func absorb(_ input: UnsafeRawBufferPointer) {
        guard var p = input.baseAddress, input.count > 0 else { return }
        var remaining = input.count
        let rate = Keccak256.rate
        state.withUnsafeMutableBufferPointer { sbuf in
            let s = sbuf.baseAddress!
            if buffered > 0 {
                let take = min(rate - buffered, remaining)
                buffer.withUnsafeMutableBytes { b in
                    b.baseAddress!.advanced(by: buffered).copyMemory(from: p, byteCount: take)
                }
                buffered += take
                p += take
                remaining -= take
                guard buffered == rate else { return }
                buffer.withUnsafeBytes { b in Keccak256.xorBlock(b.baseAddress!, into: s) }
                keccakF1600(s)
                buffered = 0
            }
            while remaining >= rate {
                Keccak256.xorBlock(p, into: s)
                keccakF1600(s)
                p += rate
                remaining -= rate
            }
            if remaining > 0 {
                buffer.withUnsafeMutableBytes { b in b.baseAddress!.copyMemory(from: p, byteCount: remaining) }
                buffered = remaining
            }
        }
    }

    @inline(__always)
    private static func xorBlock(_ block: UnsafeRawPointer, into s: UnsafeMutablePointer<UInt64>) {
        for i in 0..<(rate / 8) {
            s[i] ^= UInt64(littleEndian: block.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
        }
    }
}
