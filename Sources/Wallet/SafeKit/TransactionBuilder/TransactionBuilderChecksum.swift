import EthereumKit

/// The checksum Safe{Wallet}'s Transaction Builder writes in `meta.checksum`: keccak-256 of the
/// file serialised its own way (every object as its sorted key list followed by each value and a
/// comma, JavaScript's JSON text for the rest), with `meta.name` set to null and the checksum
/// itself left out, so renaming a batch keeps it valid and any other edit does not.
enum TransactionBuilderChecksum {
    /// The checksum of `file`, as `0x` and 64 lowercase hex digits.
    static func compute(_ file: JSONValue) -> String {
        Hex.encode(Keccak256.hash(Array(serialize(withoutChecksum(file)).utf8)))
    }

    /// `file` with `meta.name` null and no `meta.checksum`.
    static func withoutChecksum(_ file: JSONValue) -> JSONValue {
        guard case .object(let members) = file else { return file }
        return .object(members.map { member in
            guard member.key == "meta", case .object(let meta) = member.value else { return member }
            // A file without a name is checksummed as if it had a null one.
            var kept = meta.filter { $0.key != "checksum" && $0.key != "name" }
            kept.append((key: "name", value: .null))
            return (key: "meta", value: .object(kept))
        })
    }

    static func serialize(_ value: JSONValue) -> String {
        switch value {
        case .array(let items): return "[" + items.map(serialize).joined(separator: ",") + "]"
        case .object(let members):
            let keys = members.map(\.key).sorted { Array($0.utf16).lexicographicallyPrecedes(Array($1.utf16)) }
            var out = "{[" + keys.map(javaScriptString).joined(separator: ",") + "]"
            for key in keys {
                out += serialize(members.last { $0.key == key }?.value ?? .null) + ","
            }
            return out + "}"
        case .string(let text): return javaScriptString(text)
        case .number(let text): return javaScriptNumber(text)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// `JSON.stringify` of a string: quotes, backslashes and control characters escaped, the rest
    /// as is, which is how `JSONWriter` writes one.
    static func javaScriptString(_ text: String) -> String { JSONWriter.write(.string(text)) }

    /// `JSON.stringify` of a number as the file wrote it: integers lose leading zeros and a `.0`;
    /// anything else stays as written.
    static func javaScriptNumber(_ text: String) -> String {
        var t = text
        if t.hasSuffix(".0") { t.removeLast(2) }
        let negative = t.hasPrefix("-")
        let digits = negative ? String(t.dropFirst()) : t
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { return text }
        let trimmed = String(digits.drop { $0 == "0" })
        return (negative && !trimmed.isEmpty ? "-" : "") + (trimmed.isEmpty ? "0" : trimmed)
    }
}
