/// A `JSONValue` inside a view type: `JSONValueEncoder` and `JSONValueDecoder` take it as it is;
/// other coders see its structure, with numbers as their text.
extension JSONValue: Codable {
    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self = .object(try object.allKeys.map { (key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0)) })
        } else if var array = try? decoder.unkeyedContainer() {
            var items = [JSONValue]()
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let b = try? single.decode(Bool.self) { self = .bool(b) }
            else if let s = try? single.decode(String.self) { self = .string(s) }
            else { self = .number(String(try single.decode(Double.self))) }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .number(let n): var c = encoder.singleValueContainer(); try c.encode(n)
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case .object(let members):
            var c = encoder.container(keyedBy: Key.self)
            for member in members { try c.encode(member.value, forKey: Key(stringValue: member.key)) }
        }
    }
}
