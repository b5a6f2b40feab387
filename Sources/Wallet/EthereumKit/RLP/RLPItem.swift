import BigInt

/// A value in Recursive Length Prefix form: a byte string or a list of items.
public enum RLPItem: Hashable, Sendable {
    case bytes([UInt8])
    case list([RLPItem])

    /// A canonical big-endian integer: no leading zeros, and zero as the empty string.
    public static func uint(_ value: BigUInt) -> RLPItem { .bytes(value.minimalBytes) }

    /// A canonical integer from a machine word.
    public static func uint(_ value: UInt64) -> RLPItem { .uint(BigUInt(value)) }

    /// The byte string, or nil for a list.
    public var bytesValue: [UInt8]? {
        if case .bytes(let b) = self { return b }
        return nil
    }

    /// The items, or nil for a byte string.
    public var listValue: [RLPItem]? {
        if case .list(let l) = self { return l }
        return nil
    }
}

extension BigUInt {
    /// Big-endian bytes without leading zeros; zero is empty.
    public var minimalBytes: [UInt8] {
        Array(serialize().drop { $0 == 0 })
    }

    /// Big-endian bytes left-padded to 32; nil when the value needs more than 32 bytes.
    public var word: [UInt8]? {
        let b = minimalBytes
        guard b.count <= 32 else { return nil }
        return [UInt8](repeating: 0, count: 32 - b.count) + b
    }
}
