/// Serialises `JSONValue` compactly or pretty-printed, keeping member order and exact numbers.
public enum JSONWriter {
    /// The JSON text of `value`.
    public static func write(_ value: JSONValue, pretty: Bool = false) -> String {
        var out = ""
        append(value, to: &out, indent: pretty ? 0 : nil)
        return out
    }

    private static func append(_ v: JSONValue, to out: inout String, indent: Int?) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): appendString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                newline(&out, indent.map { $0 + 1 })
                append(item, to: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (k, m) in members.enumerated() {
                if k > 0 { out += "," }
                newline(&out, indent.map { $0 + 1 })
                appendString(m.key, to: &out)
                out += indent == nil ? ":" : ": "
                append(m.value, to: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n" + String(repeating: "  ", count: indent)
    }

    private static func appendString(_ s: String, to out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // The short escapes JavaScript's JSON.stringify writes, so a string's text is the same as there.
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
