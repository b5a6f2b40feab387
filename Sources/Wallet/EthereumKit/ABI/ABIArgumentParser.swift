import BigInt

/// Turns command-line text into `ABIValue`s: `123`, `0x7b`, `1.5ether` for integers; `true`;
/// addresses; hex for bytes; `[a,b]` for arrays and `(a,b)` for tuples, nested freely; strings
/// as they are, or in double quotes inside arrays and tuples.
public enum ABIArgumentParser {
    /// Parses `text` as a value of `type`.
    public static func parse(_ text: String, as type: ABIType) throws(ABIError) -> ABIValue {
        let s = text.trimmingWhitespace()
        let bad = ABIError.invalidArgument(type: type.description, text: text)
        switch type {
        case .uint(let bits):
            let v: BigUInt
            if let n = IntegerText.parseUnsigned(s) {
                v = n
            } else if EtherAmount.writesUnit(s), let amount = try? EtherAmount(parsing: s) {
                v = amount.wei
            } else {
                throw bad
            }
            guard v.bitWidth <= bits else { throw .valueOutOfRange(type: type.description) }
            return .uint(v)
        case .int:
            guard let v = IntegerText.parse(s) else { throw bad }
            return .int(v)
        case .address:
            guard let a = try? Address(s) else { throw bad }
            return .address(a)
        case .bool:
            switch s.lowercased() {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: throw bad
            }
        case .fixedBytes(let n):
            guard let b = try? Hex.decode(unquote(s)) else { throw bad }
            guard b.count == n else { throw .wrongLength(type: type.description, expected: n, got: b.count) }
            return .bytes(b)
        case .bytes:
            guard let b = try? Hex.decode(unquote(s)) else { throw bad }
            return .bytes(b)
        case .string:
            return .string(unquote(s))
        case .array(let inner):
            return .array(try items(s, open: "[", close: "]", type: type).map { (t: String) throws(ABIError) -> ABIValue in try parse(t, as: inner) })
        case .fixedArray(let inner, let n):
            let parts = try items(s, open: "[", close: "]", type: type)
            guard parts.count == n else { throw .wrongLength(type: type.description, expected: n, got: parts.count) }
            return .array(try parts.map { (t: String) throws(ABIError) -> ABIValue in try parse(t, as: inner) })
        case .tuple(let types):
            let parts = try items(s, open: "(", close: ")", type: type)
            guard parts.count == types.count else {
                throw .wrongLength(type: type.description, expected: types.count, got: parts.count)
            }
            var values = [ABIValue]()
            for (t, p) in zip(types, parts) { values.append(try parse(p, as: t)) }
            return .tuple(values)
        }
    }

    /// Splits `[a, [b, c], "d,e"]` into its top-level items.
    static func items(_ s: String, open: Character, close: Character, type: ABIType) throws(ABIError) -> [String] {
        guard s.first == open, s.last == close, s.count >= 2 else {
            throw .invalidArgument(type: type.description, text: s)
        }
        let body = s.dropFirst().dropLast()
        if body.allSatisfy(\.isWhitespace) { return [] }
        var parts = [String]()
        var current = ""
        var depth = 0
        var inQuotes = false
        var escaped = false
        for c in body {
            if inQuotes {
                current.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inQuotes = false }
                continue
            }
            switch c {
            case "\"": inQuotes = true; current.append(c)
            case "[", "(": depth += 1; current.append(c)
            case "]", ")": depth -= 1; current.append(c)
            case "," where depth == 0: parts.append(current); current = ""
            default: current.append(c)
            }
            if depth < 0 { throw .invalidArgument(type: type.description, text: s) }
        }
        guard depth == 0, !inQuotes else { throw .invalidArgument(type: type.description, text: s) }
        parts.append(current)
        return parts.map { $0.trimmingWhitespace() }
    }

    /// Removes one level of surrounding double quotes and their escapes.
    static func unquote(_ s: String) -> String {
        guard s.count >= 2, s.first == "\"", s.last == "\"" else { return s }
        var out = ""
        var escaped = false
        for c in s.dropFirst().dropLast() {
            if escaped { out.append(c); escaped = false } else if c == "\\" { escaped = true } else { out.append(c) }
        }
        return out
    }
}
