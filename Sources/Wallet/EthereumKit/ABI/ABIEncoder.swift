import BigInt

/// Solidity ABI encoding (the standard head/tail layout, and `abi.encodePacked`).
public enum ABIEncoder {
    /// Encodes `values` as the tuple `types`, as for function arguments.
    public static func encode(_ types: [ABIType], _ values: [ABIValue]) throws(ABIError) -> [UInt8] {
        guard types.count == values.count else { throw .argumentCount(expected: types.count, got: values.count) }
        return try encodeTuple(types, values)
    }

    /// Encodes one value of one type, as `abi.encode(x)` does.
    public static func encode(_ type: ABIType, _ value: ABIValue) throws(ABIError) -> [UInt8] {
        try encodeTuple([type], [value])
    }

    private static func encodeTuple(_ types: [ABIType], _ values: [ABIValue]) throws(ABIError) -> [UInt8] {
        let headLength = types.reduce(0) { $0 + $1.headSize }
        var head = [UInt8]()
        var tail = [UInt8]()
        head.reserveCapacity(headLength)
        for (t, v) in zip(types, values) {
            if t.isDynamic {
                head += word(BigUInt(headLength + tail.count))
                tail += try encodeValue(t, v)
            } else {
                head += try encodeValue(t, v)
            }
        }
        return head + tail
    }

    static func encodeValue(_ type: ABIType, _ value: ABIValue) throws(ABIError) -> [UInt8] {
        switch (type, value) {
        case (.uint(let bits), .uint(let v)):
            guard v.bitWidth <= bits else { throw .valueOutOfRange(type: type.description) }
            return word(v)
        case (.uint, .int(let v)) where v.sign == .plus:
            return try encodeValue(type, .uint(v.magnitude))
        case (.int(let bits), .int(let v)):
            return try twosComplementWord(v, bits: bits, type: type)
        case (.int, .uint(let v)):
            return try encodeValue(type, .int(BigInt(v)))
        case (.address, .address(let a)):
            return [UInt8](repeating: 0, count: 12) + a.bytes
        case (.bool, .bool(let b)):
            return word(b ? 1 : 0)
        case (.fixedBytes(let n), .bytes(let b)):
            guard b.count == n else { throw .wrongLength(type: type.description, expected: n, got: b.count) }
            return padRight(b)
        case (.bytes, .bytes(let b)):
            return word(BigUInt(b.count)) + padRight(b)
        case (.string, .string(let s)):
            let b = Array(s.utf8)
            return word(BigUInt(b.count)) + padRight(b)
        case (.array(let t), .array(let items)):
            return word(BigUInt(items.count)) + (try encodeTuple(Array(repeating: t, count: items.count), items))
        case (.fixedArray(let t, let n), .array(let items)):
            guard items.count == n else { throw .wrongLength(type: type.description, expected: n, got: items.count) }
            return try encodeTuple(Array(repeating: t, count: n), items)
        case (.tuple(let ts), .tuple(let items)):
            guard ts.count == items.count else { throw .wrongLength(type: type.description, expected: ts.count, got: items.count) }
            return try encodeTuple(ts, items)
        default:
            throw .typeMismatch(expected: type.description, got: value.kindName)
        }
    }

    /// `abi.encodePacked`: elementary values at their natural width, array items padded to 32 bytes.
    public static func encodePacked(_ types: [ABIType], _ values: [ABIValue]) throws(ABIError) -> [UInt8] {
        guard types.count == values.count else { throw .argumentCount(expected: types.count, got: values.count) }
        var out = [UInt8]()
        for (t, v) in zip(types, values) { out += try packed(t, v, inArray: false) }
        return out
    }

    private static func packed(_ type: ABIType, _ value: ABIValue, inArray: Bool) throws(ABIError) -> [UInt8] {
        switch (type, value) {
        case (.uint(let bits), _), (.int(let bits), _):
            let w = try encodeValue(type, value)
            return inArray ? w : Array(w.suffix(bits / 8))
        case (.address, .address(let a)):
            return inArray ? try encodeValue(type, value) : a.bytes
        case (.bool, .bool(let b)):
            return inArray ? try encodeValue(type, value) : [b ? 1 : 0]
        case (.fixedBytes, .bytes(let b)):
            let w = try encodeValue(type, value)
            return inArray ? w : b
        case (.bytes, .bytes(let b)):
            return b
        case (.string, .string(let s)):
            return Array(s.utf8)
        case (.array(let t), .array(let items)), (.fixedArray(let t, _), .array(let items)):
            var out = [UInt8]()
            for item in items { out += try packed(t, item, inArray: true) }
            return out
        default:
            throw .typeMismatch(expected: type.description, got: value.kindName)
        }
    }

    /// A 32-byte big-endian word.
    static func word(_ v: BigUInt) -> [UInt8] { v.word ?? [UInt8](repeating: 0xff, count: 32) }

    private static func twosComplementWord(_ v: BigInt, bits: Int, type: ABIType) throws(ABIError) -> [UInt8] {
        let limit = BigInt(1) << (bits - 1)
        guard v >= -limit, v < limit else { throw .valueOutOfRange(type: type.description) }
        if v.sign == .plus { return word(v.magnitude) }
        let encoded = (BigUInt(1) << 256) - v.magnitude
        return word(encoded)
    }

    private static func padRight(_ b: [UInt8]) -> [UInt8] {
        let r = b.count % 32
        return r == 0 ? b : b + [UInt8](repeating: 0, count: 32 - r)
    }
}

extension ABIValue {
    /// A short name of the value's kind, for error messages.
    var kindName: String {
        switch self {
        case .uint: return "an unsigned integer"
        case .int: return "an integer"
        case .address: return "an address"
        case .bool: return "a bool"
        case .bytes: return "bytes"
        case .string: return "a string"
        case .array: return "an array"
        case .tuple: return "a tuple"
        }
    }
}
