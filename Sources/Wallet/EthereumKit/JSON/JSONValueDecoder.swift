/// Decodes a `Decodable` value from a `JSONValue`: the inverse of `JSONValueEncoder`, numbers exact.
public struct JSONValueDecoder: Sendable {
    /// A decoder.
    public init() {}

    /// The `T` that `json` holds.
    public func decode<T: Decodable>(_ type: T.Type, from json: JSONValue) throws -> T {
        try NodeDecoder(value: json, codingPath: []).unbox(type)
    }
}

struct NodeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch<T>(_ type: T.Type, _ expected: String) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(JSONWriter.write(value).prefix(60))"))
    }

    /// `T` from this value: JSON's own kinds directly, anything else through its `init(from:)`.
    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSONValue.self, let v = value as? T { return v }
        if type == JSONNumber.self {
            guard case .number(let text) = value, let v = JSONNumber(text: text) as? T else { throw mismatch(type, "a number") }
            return v
        }
        if type == String.self {
            guard case .string(let s) = value, let v = s as? T else { throw mismatch(type, "a string") }
            return v
        }
        if type == Bool.self {
            guard case .bool(let b) = value, let v = b as? T else { throw mismatch(type, "true or false") }
            return v
        }
        if let integer = type as? any FixedWidthInteger.Type {
            guard case .number(let text) = value, let n = integer.init(text), let v = n as? T else { throw mismatch(type, "an integer in range") }
            return v
        }
        if type == Double.self {
            guard case .number(let text) = value, let d = Double(text), let v = d as? T else { throw mismatch(type, "a number") }
            return v
        }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self, "an object") }
        return KeyedDecodingContainer(KeyedNodeDecoding<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([JSONValue].self, "an array") }
        return UnkeyedNodeDecoding(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleNodeDecoding(decoder: self) }
}

struct KeyedNodeDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(key: String, value: JSONValue)]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }
    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    func child(_ key: Key) throws -> NodeDecoder {
        guard let member = members.first(where: { $0.key == key.stringValue }) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member '\(key.stringValue)'"))
        }
        return NodeDecoder(value: member.value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).unbox(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { NodeDecoder(value: members.first { $0.key == "super" }?.value ?? .null, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

struct UnkeyedNodeDecoding: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    mutating func next() throws -> NodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: codingPath, debugDescription: "the array has only \(items.count) items"))
        }
        defer { currentIndex += 1 }
        return NodeDecoder(value: items[currentIndex], codingPath: codingPath)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().unbox(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct SingleNodeDecoding: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(type) }
}
