import BigInt

/// Strict Solidity ABI decoding: every offset and length is bounds-checked and padding must be
/// clean, so untrusted data yields an `ABIError`, never a crash or an unbounded allocation.
public enum ABIDecoder {
    /// Decodes `data` as the tuple `types` (function arguments or return values).
    public static func decode(_ types: [ABIType], from data: [UInt8]) throws(ABIError) -> [ABIValue] {
        try decodeTuple(types, data, base: 0)
    }

    /// Decodes one value, as `abi.decode(data, (T))` does.
    public static func decode(_ type: ABIType, from data: [UInt8]) throws(ABIError) -> ABIValue {
        try decodeTuple([type], data, base: 0)[0]
    }

    private static func decodeTuple(_ types: [ABIType], _ d: [UInt8], base: Int) throws(ABIError) -> [ABIValue] {
        var values = [ABIValue]()
        values.reserveCapacity(types.count)
        var offset = base
        for t in types {
            if t.isDynamic {
                let rel = try readLength(d, at: offset)
                guard rel <= d.count - base else { throw .offsetOutOfBounds }
                values.append(try decodeValue(t, d, at: base + rel))
            } else {
                values.append(try decodeValue(t, d, at: offset))
            }
            offset += t.headSize
        }
        return values
    }

    private static func decodeValue(_ type: ABIType, _ d: [UInt8], at pos: Int) throws(ABIError) -> ABIValue {
        switch type {
        case .uint(let bits):
            let w = try word(d, at: pos)
            let v = BigUInt(Data(w))
            guard v.bitWidth <= bits else { throw .dirtyPadding(type: type.description) }
            return .uint(v)
        case .int(let bits):
            let w = try word(d, at: pos)
            let raw = BigUInt(Data(w))
            let negative = w[0] & 0x80 != 0
            let value = negative ? -BigInt((BigUInt(1) << 256) - raw) : BigInt(raw)
            let limit = BigInt(1) << (bits - 1)
            guard value >= -limit, value < limit else { throw .dirtyPadding(type: type.description) }
            return .int(value)
        case .address:
            let w = try word(d, at: pos)
            guard w[0..<12].allSatisfy({ $0 == 0 }) else { throw .dirtyPadding(type: "address") }
            return .address(Address(unchecked: Array(w[12...])))
        case .bool:
            let w = try word(d, at: pos)
            guard w[0..<31].allSatisfy({ $0 == 0 }), w[31] <= 1 else { throw .invalidBool }
            return .bool(w[31] == 1)
        case .fixedBytes(let n):
            let w = try word(d, at: pos)
            guard w[n...].allSatisfy({ $0 == 0 }) else { throw .dirtyPadding(type: type.description) }
            return .bytes(Array(w[0..<n]))
        case .bytes:
            return .bytes(try lengthPrefixed(d, at: pos))
        case .string:
            let raw = try lengthPrefixed(d, at: pos)
            guard let s = String(validating: raw, as: UTF8.self) else { throw .invalidUTF8 }
            return .string(s)
        case .array(let t):
            let count = try readLength(d, at: pos)
            let start = pos + 32
            // Every element needs at least one word, so a count larger than the data allows is a lie.
            guard count <= (d.count - start) / max(t.headSize, 32) else { throw .tooLarge }
            return .array(try decodeTuple(Array(repeating: t, count: count), d, base: start))
        case .fixedArray(let t, let n):
            guard n <= d.count / 32 + 1 else { throw .tooLarge }
            return .array(try decodeTuple(Array(repeating: t, count: n), d, base: pos))
        case .tuple(let ts):
            return .tuple(try decodeTuple(ts, d, base: pos))
        }
    }

    /// The 32 bytes at `pos`, indexed from zero.
    private static func word(_ d: [UInt8], at pos: Int) throws(ABIError) -> [UInt8] {
        guard pos >= 0, pos <= d.count - 32 else { throw .truncated }
        return Array(d[pos..<pos + 32])
    }

    /// A word used as an offset or length; must fit comfortably in memory.
    private static func readLength(_ d: [UInt8], at pos: Int) throws(ABIError) -> Int {
        let w = try word(d, at: pos)
        guard w[0..<24].allSatisfy({ $0 == 0 }) else { throw .offsetOutOfBounds }
        var v = 0
        for b in w[24...] { v = v << 8 | Int(b) }
        guard v >= 0, v <= d.count else { throw .offsetOutOfBounds }
        return v
    }

    private static func lengthPrefixed(_ d: [UInt8], at pos: Int) throws(ABIError) -> [UInt8] {
        let len = try readLength(d, at: pos)
        let start = pos + 32
        guard len <= d.count - start else { throw .offsetOutOfBounds }
        return Array(d[start..<start + len])
    }
}

import Foundation
