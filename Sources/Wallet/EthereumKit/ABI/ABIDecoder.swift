import BigInt

/// Strict Solidity ABI decoding: every offset and length is bounds-checked and padding must be
/// clean, so untrusted data yields an `ABIError`, never a crash or an unbounded allocation.
public enum ABIDecoder {
    /// How many times over the data may be read. Offsets can make many elements share the same
    /// bytes (`T[][][]` whose element offsets all point at one inner array), which would let a
    /// few kilobytes decode into millions of values; a standard encoding reads each word once.
    public static let maxInflation = 64

    /// Decodes `data` as the tuple `types` (function arguments or return values).
    public static func decode(_ types: [ABIType], from data: [UInt8]) throws(ABIError) -> [ABIValue] {
        var reader = ABIReader(data)
        return try reader.decodeTuple(types, base: 0)
    }

    /// Decodes one value, as `abi.decode(data, (T))` does.
    public static func decode(_ type: ABIType, from data: [UInt8]) throws(ABIError) -> ABIValue {
        var reader = ABIReader(data)
        return try reader.decodeTuple([type], base: 0)[0]
    }
}

/// One decoding pass over `d`, with a budget of words it may still read.
private struct ABIReader {
    let d: [UInt8]
    var budget: Int

    init(_ d: [UInt8]) {
        self.d = d
        budget = (d.count / 32 + 1) * ABIDecoder.maxInflation
    }

    mutating func decodeTuple(_ types: [ABIType], base: Int) throws(ABIError) -> [ABIValue] {
        var values = [ABIValue]()
        values.reserveCapacity(types.count)
        var offset = base
        for t in types {
            if t.isDynamic {
                let rel = try readLength(at: offset)
                guard rel <= d.count - base else { throw .offsetOutOfBounds }
                values.append(try decodeValue(t, at: base + rel))
            } else {
                values.append(try decodeValue(t, at: offset))
            }
            offset += t.headSize
        }
        return values
    }

    mutating func decodeValue(_ type: ABIType, at pos: Int) throws(ABIError) -> ABIValue {
        switch type {
        case .uint(let bits):
            let w = try word(at: pos)
            let v = BigUInt(Data(w))
            guard v.bitWidth <= bits else { throw .dirtyPadding(type: type.description) }
            return .uint(v)
        case .int(let bits):
            let w = try word(at: pos)
            let raw = BigUInt(Data(w))
            let negative = w[0] & 0x80 != 0
            let value = negative ? -BigInt((BigUInt(1) << 256) - raw) : BigInt(raw)
            let limit = BigInt(1) << (bits - 1)
            guard value >= -limit, value < limit else { throw .dirtyPadding(type: type.description) }
            return .int(value)
        case .address:
            let w = try word(at: pos)
            guard w[0..<12].allSatisfy({ $0 == 0 }) else { throw .dirtyPadding(type: "address") }
            return .address(Address(unchecked: Array(w[12...])))
        case .bool:
            let w = try word(at: pos)
            guard w[0..<31].allSatisfy({ $0 == 0 }), w[31] <= 1 else { throw .invalidBool }
            return .bool(w[31] == 1)
        case .fixedBytes(let n):
            let w = try word(at: pos)
            guard w[n...].allSatisfy({ $0 == 0 }) else { throw .dirtyPadding(type: type.description) }
            return .bytes(Array(w[0..<n]))
        case .bytes:
            return .bytes(try lengthPrefixed(at: pos))
        case .string:
            let raw = try lengthPrefixed(at: pos)
            guard let s = String(validating: raw, as: UTF8.self) else { throw .invalidUTF8 }
            return .string(s)
        case .array(let t):
            let count = try readLength(at: pos)
            let start = pos + 32
            // Every element needs at least one word, so a count larger than the data allows is a lie.
            guard count <= (d.count - start) / max(t.headSize, 32) else { throw .tooLarge }
            return .array(try decodeTuple(Array(repeating: t, count: count), base: start))
        case .fixedArray(let t, let n):
            guard n <= d.count / 32 + 1 else { throw .tooLarge }
            return .array(try decodeTuple(Array(repeating: t, count: n), base: pos))
        case .tuple(let ts):
            return .tuple(try decodeTuple(ts, base: pos))
        }
    }

    /// Charges `words` reads against the budget.
    mutating func spend(_ words: Int) throws(ABIError) {
        budget -= words
        guard budget >= 0 else { throw .tooLarge }
    }

    /// The 32 bytes at `pos`, indexed from zero.
    mutating func word(at pos: Int) throws(ABIError) -> [UInt8] {
        guard pos >= 0, pos <= d.count - 32 else { throw .truncated }
        try spend(1)
        return Array(d[pos..<pos + 32])
    }

    /// A word used as an offset or length; must fit comfortably in memory.
    mutating func readLength(at pos: Int) throws(ABIError) -> Int {
        let w = try word(at: pos)
        guard w[0..<24].allSatisfy({ $0 == 0 }) else { throw .offsetOutOfBounds }
        var v = 0
        for b in w[24...] { v = v << 8 | Int(b) }
        guard v >= 0, v <= d.count else { throw .offsetOutOfBounds }
        return v
    }

    mutating func lengthPrefixed(at pos: Int) throws(ABIError) -> [UInt8] {
        let len = try readLength(at: pos)
        let start = pos + 32
        guard len <= d.count - start else { throw .offsetOutOfBounds }
        try spend((len + 31) / 32)
        return Array(d[start..<start + len])
    }
}

import Foundation
