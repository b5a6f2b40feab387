/// Why bytes are not valid, canonical RLP.
public enum RLPError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case truncated
    case trailingBytes(Int)
    case nonCanonicalSingleByte
    case nonCanonicalLength
    case leadingZeroInLength
    case lengthOverflow
    case tooDeep
    case unexpectedList
    case unexpectedBytes

    public var description: String {
        switch self {
        case .empty: return "RLP input is empty"
        case .truncated: return "RLP input ends before the declared length"
        case .trailingBytes(let n): return "\(n) unexpected bytes after the RLP item"
        case .nonCanonicalSingleByte: return "a single byte below 0x80 must encode as itself"
        case .nonCanonicalLength: return "a length below 56 must use the short form"
        case .leadingZeroInLength: return "an RLP length has a leading zero"
        case .lengthOverflow: return "an RLP length is too large"
        case .tooDeep: return "RLP lists are nested too deeply"
        case .unexpectedList: return "expected an RLP byte string, found a list"
        case .unexpectedBytes: return "expected an RLP list, found a byte string"
        }
    }
}

/// Parses canonical RLP, refusing anything a conforming encoder would not have produced.
public enum RLPDecoder {
    /// Deeper nesting than this is refused so hostile input cannot exhaust the stack.
    public static let maxDepth = 256

    /// Decodes exactly one item that spans all of `bytes`.
    public static func decode(_ bytes: [UInt8]) throws(RLPError) -> RLPItem {
        guard !bytes.isEmpty else { throw .empty }
        var pos = 0
        let item = try decodeItem(bytes, &pos, end: bytes.count, depth: 0)
        guard pos == bytes.count else { throw .trailingBytes(bytes.count - pos) }
        return item
    }

    private static func decodeItem(_ b: [UInt8], _ pos: inout Int, end: Int, depth: Int) throws(RLPError) -> RLPItem {
        guard depth <= maxDepth else { throw .tooDeep }
        guard pos < end else { throw .truncated }
        let prefix = b[pos]
        pos += 1
        switch prefix {
        case 0x00...0x7f:
            return .bytes([prefix])
        case 0x80...0xb7:
            let len = Int(prefix - 0x80)
            let body = try take(b, &pos, len, end: end)
            if len == 1 && body[0] < 0x80 { throw .nonCanonicalSingleByte }
            return .bytes(body)
        case 0xb8...0xbf:
            let len = try longLength(b, &pos, lengthOfLength: Int(prefix - 0xb7), end: end)
            return .bytes(try take(b, &pos, len, end: end))
        case 0xc0...0xf7:
            return .list(try decodeList(b, &pos, length: Int(prefix - 0xc0), end: end, depth: depth))
        default:
            let len = try longLength(b, &pos, lengthOfLength: Int(prefix - 0xf7), end: end)
            return .list(try decodeList(b, &pos, length: len, end: end, depth: depth))
        }
    }

    private static func decodeList(_ b: [UInt8], _ pos: inout Int, length: Int, end: Int, depth: Int) throws(RLPError) -> [RLPItem] {
        guard length <= end - pos else { throw .truncated }
        let listEnd = pos + length
        var items = [RLPItem]()
        while pos < listEnd {
            items.append(try decodeItem(b, &pos, end: listEnd, depth: depth + 1))
        }
        return items
    }

    private static func longLength(_ b: [UInt8], _ pos: inout Int, lengthOfLength: Int, end: Int) throws(RLPError) -> Int {
        guard lengthOfLength <= end - pos else { throw .truncated }
        guard b[pos] != 0 else { throw .leadingZeroInLength }
        guard lengthOfLength <= 7 else { throw .lengthOverflow }
        var len = 0
        for i in 0..<lengthOfLength { len = len << 8 | Int(b[pos + i]) }
        pos += lengthOfLength
        guard len >= 56 else { throw .nonCanonicalLength }
        return len
    }

    private static func take(_ b: [UInt8], _ pos: inout Int, _ len: Int, end: Int) throws(RLPError) -> [UInt8] {
        guard len <= end - pos else { throw .truncated }
        let out = Array(b[pos..<pos + len])
        pos += len
        return out
    }
}
