/// Why text is not acceptable JSON.
public enum JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    case unexpectedEnd
    case unexpectedCharacter(offset: Int)
    case invalidNumber(offset: Int)
    case invalidEscape(offset: Int)
    case invalidUTF8
    case tooDeep
    case trailingCharacters(offset: Int)
    case duplicateKey(String)

    public var description: String {
        switch self {
        case .unexpectedEnd: return "JSON ends unexpectedly"
        case .unexpectedCharacter(let o): return "unexpected character in JSON at offset \(o)"
        case .invalidNumber(let o): return "invalid JSON number at offset \(o)"
        case .invalidEscape(let o): return "invalid string escape in JSON at offset \(o)"
        case .invalidUTF8: return "JSON is not valid UTF-8"
        case .tooDeep: return "JSON is nested too deeply"
        case .trailingCharacters(let o): return "unexpected text after the JSON value at offset \(o)"
        case .duplicateKey(let k): return "JSON object has the key \"\(k)\" twice"
        }
    }
}

/// A strict RFC 8259 parser producing `JSONValue`, with a nesting limit for untrusted input.
public struct JSONParser {
    /// Deeper documents are refused so hostile input cannot exhaust the stack.
    public static let maxDepth = 512

    private let b: [UInt8]
    private var i = 0

    /// Parses one JSON value spanning all of `bytes` (surrounding white space allowed).
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var p = JSONParser(b: bytes)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else { throw .trailingCharacters(offset: p.i) }
        return v
    }

    /// Parses a JSON string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private init(b: [UInt8]) { self.b = b }

    private mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0a || b[i] == 0x0d || b[i] == 0x09 { i += 1 }
    }

    private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < JSONParser.maxDepth else { throw .tooDeep }
        guard i < b.count else { throw .unexpectedEnd }
        switch b[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw .unexpectedCharacter(offset: i)
        }
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        let w = Array(word.utf8)
        guard b.count - i >= w.count else { throw .unexpectedEnd }
        guard Array(b[i..<i + w.count]) == w else { throw .unexpectedCharacter(offset: i) }
        i += w.count
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        i += 1
        var members = [(key: String, value: JSONValue)]()
        // Parsers disagree on which of two equal keys wins, so two tools could read one document
        // two ways; untrusted input with a repeated key is refused instead.
        var seen = Set<String>()
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < b.count else { throw .unexpectedEnd }
            guard b[i] == UInt8(ascii: "\"") else { throw .unexpectedCharacter(offset: i) }
            let key = try string()
            guard seen.insert(key).inserted else { throw .duplicateKey(key) }
            skipSpace()
            guard i < b.count else { throw .unexpectedEnd }
            guard b[i] == UInt8(ascii: ":") else { throw .unexpectedCharacter(offset: i) }
            i += 1
            skipSpace()
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard i < b.count else { throw .unexpectedEnd }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            guard b[i] == UInt8(ascii: "}") else { throw .unexpectedCharacter(offset: i) }
            i += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        i += 1
        var items = [JSONValue]()
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard i < b.count else { throw .unexpectedEnd }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            guard b[i] == UInt8(ascii: "]") else { throw .unexpectedCharacter(offset: i) }
            i += 1
            return .array(items)
        }
    }

    private mutating func number() throws(JSONParseError) -> String {
        let start = i
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.b.count, p.b[p.i] >= 0x30, p.b[p.i] <= 0x39 { p.i += 1 }
            return p.i - s
        }
        if b[i] == UInt8(ascii: "-") { i += 1 }
        guard i < b.count else { throw .unexpectedEnd }
        if b[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            guard digits(&self) > 0 else { throw .invalidNumber(offset: start) }
        }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw .invalidNumber(offset: start) }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw .invalidNumber(offset: start) }
        }
        return String(decoding: b[start..<i], as: UTF8.self)
    }

    private mutating func string() throws(JSONParseError) -> String {
        i += 1
        var out = [UInt8]()
        while true {
            guard i < b.count else { throw .unexpectedEnd }
            let c = b[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 0x20 { throw .unexpectedCharacter(offset: i) }
            if c != UInt8(ascii: "\\") {
                out.append(c)
                i += 1
                continue
            }
            i += 1
            guard i < b.count else { throw .unexpectedEnd }
            let e = b[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5c)
            case UInt8(ascii: "/"): out.append(0x2f)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0c)
            case UInt8(ascii: "n"): out.append(0x0a)
            case UInt8(ascii: "r"): out.append(0x0d)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xd800...0xdbff).contains(scalar) {
                    guard b.count - i >= 6, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                        throw .invalidEscape(offset: i)
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xdc00...0xdfff).contains(low) else { throw .invalidEscape(offset: i) }
                    scalar = 0x10000 + ((scalar - 0xd800) << 10) + (low - 0xdc00)
                } else if (0xdc00...0xdfff).contains(scalar) {
                    throw .invalidEscape(offset: i)
                }
                guard let u = Unicode.Scalar(scalar) else { throw .invalidEscape(offset: i) }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw .invalidEscape(offset: i - 1)
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw .invalidUTF8 }
        return s
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard b.count - i >= 4 else { throw .unexpectedEnd }
        var v: UInt32 = 0
        for k in 0..<4 {
            guard let n = Hex.nibble(b[i + k]) else { throw .invalidEscape(offset: i) }
            v = v << 4 | UInt32(n)
        }
        i += 4
        return v
    }
}
