/// Why a Solidity type or function signature could not be parsed.
public enum ABITypeError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidType(String)
    case invalidSignature(String)

    /// A hostile type can be megabytes long; the message quotes its start.
    static func clipped(_ text: String) -> String { text.count > 120 ? String(text.prefix(120)) + "…" : text }

    public var description: String {
        switch self {
        case .invalidType(let t): return "'\(Self.clipped(t))' is not a Solidity ABI type"
        case .invalidSignature(let s): return "'\(Self.clipped(s))' is not a function signature like transfer(address,uint256)"
        }
    }
}

/// A Solidity ABI type.
public indirect enum ABIType: Hashable, Sendable, CustomStringConvertible {
    case uint(bits: Int)
    case int(bits: Int)
    case address
    case bool
    case fixedBytes(Int)
    case bytes
    case string
    case array(ABIType)
    case fixedArray(ABIType, Int)
    case tuple([ABIType])

    /// Parses a canonical or common type name: `uint256`, `uint` (= uint256), `bytes32`, `address[]`,
    /// `(uint8,string)[2]`, `tuple(bool)`.
    public init(parsing text: String) throws(ABITypeError) {
        var p = ABITypeParser(Array(text.utf8.filter { $0 != 0x20 }))
        let t = try p.parseType()
        guard p.atEnd else { throw .invalidType(text) }
        self = t
    }

    /// True when the encoding has variable length and lives in the tail.
    public var isDynamic: Bool {
        switch self {
        case .bytes, .string, .array: return true
        case .fixedArray(let t, let n): return n > 0 && t.isDynamic
        case .tuple(let ts): return ts.contains { $0.isDynamic }
        default: return false
        }
    }

    /// Bytes this type occupies in the head of an enclosing tuple.
    var headSize: Int {
        if isDynamic { return 32 }
        switch self {
        case .fixedArray(let t, let n): return n * t.headSize
        case .tuple(let ts): return ts.reduce(0) { $0 + $1.headSize }
        default: return 32
        }
    }

    /// Canonical name, as used in selectors and EIP-712 (`uint256`, `(address,bool)[]`).
    public var description: String {
        switch self {
        case .uint(let b): return "uint\(b)"
        case .int(let b): return "int\(b)"
        case .address: return "address"
        case .bool: return "bool"
        case .fixedBytes(let n): return "bytes\(n)"
        case .bytes: return "bytes"
        case .string: return "string"
        case .array(let t): return "\(t)[]"
        case .fixedArray(let t, let n): return "\(t)[\(n)]"
        case .tuple(let ts): return "(" + ts.map(\.description).joined(separator: ",") + ")"
        }
    }
}

/// Recursive-descent parser over the UTF-8 of a type name.
struct ABITypeParser {
    private let s: [UInt8]
    private var i = 0

    init(_ s: [UInt8]) { self.s = s }

    /// The largest head a parsed type may occupy (16 MiB, far beyond any block's calldata).
    static let maxStaticSize = 1 << 24
    /// Tuples and array dimensions nested deeper are refused: every walk over a type recurses,
    /// and a hostile `((((…))))` or `T[][][]…` would otherwise exhaust the stack.
    static let maxNesting = 32
    private var nesting = 0

    var atEnd: Bool { i == s.count }
    var peek: UInt8? { i < s.count ? s[i] : nil }

    mutating func expect(_ c: UInt8) -> Bool {
        guard peek == c else { return false }
        i += 1
        return true
    }

    private var text: String { String(decoding: s, as: UTF8.self) }

    mutating func skipSpaces() {
        while peek == UInt8(ascii: " ") { i += 1 }
    }

    mutating func parseType() throws(ABITypeError) -> ABIType {
        var base: ABIType
        let outer = nesting
        defer { nesting = outer }
        if peek == UInt8(ascii: "(") || s[i...].starts(with: Array("tuple(".utf8)) {
            if peek == UInt8(ascii: "t") { i += 5 }
            nesting += 1
            guard nesting <= ABITypeParser.maxNesting else { throw .invalidType(text) }
            // Solidity has no empty struct, and a zero-size element makes arrays of it ambiguous
            // to decode; `f()` as a parameter list is read by parseTupleBody, not here.
            let items = try parseTupleBody()
            guard !items.isEmpty else { throw .invalidType(text) }
            base = .tuple(items)
        } else {
            let start = i
            while let c = peek, (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) { i += 1 }
            base = try ABITypeParser.elementary(String(decoding: s[start..<i], as: UTF8.self), whole: text)
        }
        while expect(UInt8(ascii: "[")) {
            nesting += 1
            guard nesting <= ABITypeParser.maxNesting else { throw .invalidType(text) }
            if expect(UInt8(ascii: "]")) {
                base = .array(base)
                continue
            }
            let start = i
            while let c = peek, c >= 0x30 && c <= 0x39 { i += 1 }
            // Solidity has no zero-length fixed array; like the empty tuple it would encode to nothing.
            guard let n = Int(String(decoding: s[start..<i], as: UTF8.self)), n > 0, expect(UInt8(ascii: "]")) else {
                throw .invalidType(text)
            }
            // A fixed array's head is n times its element's; refuse sizes no calldata can have
            // rather than overflow when computing them.
            let (size, overflow) = base.headSize.multipliedReportingOverflow(by: n)
            guard !overflow, size <= ABITypeParser.maxStaticSize else { throw .invalidType(text) }
            base = .fixedArray(base, n)
        }
        return base
    }

    /// Parses `(T1,T2,…)` including the parentheses; `()` is the empty tuple.
    mutating func parseTupleBody() throws(ABITypeError) -> [ABIType] {
        guard expect(UInt8(ascii: "(")) else { throw .invalidType(text) }
        var items = [ABIType]()
        skipSpaces()
        if expect(UInt8(ascii: ")")) { return items }
        repeat {
            // Signatures as people write them: `transfer(address to, uint256 amount)`.
            skipSpaces()
            items.append(try parseType())
            // A parameter name after the type (`address to`) is allowed and ignored.
            while let c = peek, c != UInt8(ascii: ","), c != UInt8(ascii: ")") { i += 1 }
        } while expect(UInt8(ascii: ","))
        guard expect(UInt8(ascii: ")")) else { throw .invalidType(text) }
        return items
    }

    static func elementary(_ name: String, whole: String) throws(ABITypeError) -> ABIType {
        switch name {
        case "address": return .address
        case "bool": return .bool
        case "string": return .string
        case "bytes": return .bytes
        case "uint": return .uint(bits: 256)
        case "int": return .int(bits: 256)
        case "function": return .fixedBytes(24)
        default: break
        }
        func size(after prefix: String) -> Int? {
            guard name.hasPrefix(prefix), let n = Int(name.dropFirst(prefix.count)),
                  !name.dropFirst(prefix.count).hasPrefix("0") else { return nil }
            return n
        }
        if let n = size(after: "uint"), n >= 8, n <= 256, n % 8 == 0 { return .uint(bits: n) }
        if let n = size(after: "int"), n >= 8, n <= 256, n % 8 == 0 { return .int(bits: n) }
        if let n = size(after: "bytes"), n >= 1, n <= 32 { return .fixedBytes(n) }
        throw .invalidType(whole)
    }
}
