/// A parsed JSON document. Numbers keep their source text so integers of any size stay exact,
/// and objects keep key order so output can follow input.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number exactly as written, e.g. `115792089237316195423570985008687907853269984665640564039457584007913129639935`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, or nil.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The text of a string, or the exact source text of a number; nil otherwise. For fields that
    /// files write either way, such as a chain ID given as `31337` or `"0x7a69"`.
    public var text: String? {
        switch self {
        case .string(let s): return s
        case .number(let n): return n
        default: return nil
        }
    }

    /// The members of an object, or nil.
    public var objectValue: [(key: String, value: JSONValue)]? {
        if case .object(let m) = self { return m }
        return nil
    }

    /// The items of an array, or nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let m):
            for (k, v) in m {
                hasher.combine(k)
                hasher.combine(v)
            }
        }
    }
}
