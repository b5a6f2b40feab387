import BigInt

/// Renders decoded `ABIValue`s for people (`[1, 2]`, `(0xAb…, true)`) and for JSON
/// (integers as exact decimal strings, bytes as hex, addresses checksummed).
public enum ABIValueFormatter {
    /// Human text; top-level strings are bare, nested ones quoted.
    public static func text(_ value: ABIValue, nested: Bool = false) -> String {
        switch value {
        case .uint(let v): return String(v)
        case .int(let v): return String(v)
        case .address(let a): return a.checksummed
        case .bool(let b): return b ? "true" : "false"
        case .bytes(let b): return Hex.encode(b)
        case .string(let s): return nested ? JSONWriter.write(.string(s)) : s
        case .array(let items): return "[" + items.map { text($0, nested: true) }.joined(separator: ", ") + "]"
        case .tuple(let items): return "(" + items.map { text($0, nested: true) }.joined(separator: ", ") + ")"
        }
    }

    /// JSON form.
    public static func json(_ value: ABIValue) -> JSONValue {
        switch value {
        case .uint(let v): return .string(String(v))
        case .int(let v): return .string(String(v))
        case .address(let a): return .string(a.checksummed)
        case .bool(let b): return .bool(b)
        case .bytes(let b): return .string(Hex.encode(b))
        case .string(let s): return .string(s)
        case .array(let items), .tuple(let items): return .array(items.map(json))
        }
    }
}
