/// Keccak-256 as Ethereum uses it (original Keccak padding `0x01`, not SHA3-256's `0x06`).
///
/// Use `Keccak256.hash(_:)` for one buffer, or `update(_:)` repeatedly and then `finalize()`.
///
/// The state and the partial-block buffer are fixed-size tuples stored inline, so a hasher
/// allocates nothing but its 32-byte result, and the generic entry points are inlinable so that
/// callers in other modules get them specialised for their collection type; the work itself
/// happens in the non-generic `absorb(_:)`, `finish()` and `keccakF1600(_:)`.
public struct Keccak256: Sendable {
    /// Bytes absorbed per permutation: 1600 − 2 × 256 bits.
    public static let rate = 136

    /// 25 little-endian lanes of the Keccak-f[1600] state.
    @usableFromInline
    typealias Lanes = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64
    )

    /// One block of `rate` (136) bytes, as 17 words.
    @usableFromInline
    typealias Block = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    )

    @usableFromInline var state: Lanes = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline var buffer: Block = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline var buffered = 0

    /// A hasher with nothing absorbed yet.
    @inlinable
    public init() {}

    /// The 32-byte Keccak-256 digest of `bytes`.
    @inlinable
    public static func hash<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        if let digest = bytes.withContiguousStorageIfAvailable({ Keccak256.hash(raw: UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { Keccak256.hash(raw: $0) }
    }

    /// Absorbs more input.
    @inlinable
    public mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { absorb(UnsafeRawBufferPointer($0)) }
        if done == nil {
            Array(bytes).withUnsafeBytes { absorb($0) }
        }
    }

    /// Pads, permutes and returns the digest; the hasher must not be used afterwards.
    public mutating func finalize() -> [UInt8] {
        finish()
        return digest()
    }

    /// The one-shot path: full blocks are read in place, only the final partial block is copied.
    @usableFromInline
    static func hash(raw input: UnsafeRawBufferPointer) -> [UInt8] {
        var h = Keccak256()
        h.absorb(input)
        h.finish()
        return h.digest()
    }

    /// Absorbs `input`, permuting once per full block; whole blocks are read in place.
    @usableFromInline
    mutating func absorb(_ input: UnsafeRawBufferPointer) {
        guard var p = input.baseAddress, input.count > 0 else { return }
        var remaining = input.count
        let rate = Keccak256.rate
        var buffered = self.buffered
        withUnsafeMutableBytes(of: &state) { stateBytes in
            let s = stateBytes.baseAddress!.assumingMemoryBound(to: UInt64.self)
            withUnsafeMutableBytes(of: &buffer) { block in
                let b = block.baseAddress!
                if buffered > 0 {
                    let take = min(rate - buffered, remaining)
                    (b + buffered).copyMemory(from: p, byteCount: take)
                    buffered += take
                    p += take
                    remaining -= take
                    guard buffered == rate else { return }
                    Keccak256.xorBlock(UnsafeRawPointer(b), into: s)
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
                    b.copyMemory(from: p, byteCount: remaining)
                    buffered = remaining
                }
            }
        }
        self.buffered = buffered
    }

    /// Pads the buffered bytes (`0x01 … 0x80`) and applies the last permutation.
    mutating func finish() {
        let buffered = self.buffered
        withUnsafeMutableBytes(of: &state) { stateBytes in
            let s = stateBytes.baseAddress!.assumingMemoryBound(to: UInt64.self)
            withUnsafeMutableBytes(of: &buffer) { block in
                let b = block.baseAddress!
                (b + buffered).initializeMemory(as: UInt8.self, repeating: 0, count: Keccak256.rate - buffered)
                b.storeBytes(of: 0x01, toByteOffset: buffered, as: UInt8.self)
                let last = b.load(fromByteOffset: Keccak256.rate - 1, as: UInt8.self)
                b.storeBytes(of: last | 0x80, toByteOffset: Keccak256.rate - 1, as: UInt8.self)
                Keccak256.xorBlock(UnsafeRawPointer(b), into: s)
                keccakF1600(s)
            }
        }
        self.buffered = 0
    }

    /// The first 32 bytes of the state, lane by lane in little-endian order.
    func digest() -> [UInt8] {
        // An array literal allocates through a metadata accessor cached in this module, which is
        // cheaper per call than the stdlib's generic Array initialisers.
        let (l0, l1, l2, l3) = (state.0, state.1, state.2, state.3)
        return [
            byte(l0, 0), byte(l0, 8), byte(l0, 16), byte(l0, 24),
            byte(l0, 32), byte(l0, 40), byte(l0, 48), byte(l0, 56),
            byte(l1, 0), byte(l1, 8), byte(l1, 16), byte(l1, 24),
            byte(l1, 32), byte(l1, 40), byte(l1, 48), byte(l1, 56),
            byte(l2, 0), byte(l2, 8), byte(l2, 16), byte(l2, 24),
            byte(l2, 32), byte(l2, 40), byte(l2, 48), byte(l2, 56),
            byte(l3, 0), byte(l3, 8), byte(l3, 16), byte(l3, 24),
            byte(l3, 32), byte(l3, 40), byte(l3, 48), byte(l3, 56),
        ]
    }

    @inline(__always)
    private func byte(_ lane: UInt64, _ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: lane &>> shift) }

    @inline(__always)
    static func xorBlock(_ block: UnsafeRawPointer, into s: UnsafeMutablePointer<UInt64>) {
        for i in 0..<(rate / 8) {
            s[i] ^= UInt64(littleEndian: block.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
        }
    }
}
