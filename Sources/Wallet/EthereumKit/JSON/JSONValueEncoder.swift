/// Encodes an `Encodable` value to a `JSONValue`, keeping members in the order they are encoded and
/// numbers exact, so a view type prints the same bytes through `JSONWriter` on every front end.
public struct JSONValueEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The JSON of `value`.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = JSONNode()
        try root.store(value, at: [])
        return root.json
    }
}

/// A value under construction; containers hold child nodes so nested containers can fill them later.
final class JSONNode {
    enum Content {
        case leaf(JSONValue)
        case object([(key: String, node: JSONNode)])
        case array([JSONNode])
    }

    var content = Content.leaf(.null)

    var json: JSONValue {
        switch content {
        case .leaf(let value): return value
        case .object(let members): return .object(members.map { (key: $0.key, value: $0.node.json) })
        case .array(let items): return .array(items.map(\.json))
        }
    }

    /// Stores `value`: JSON's own kinds directly, anything else through its `encode(to:)`.
    func store<T: Encodable>(_ value: T, at path: [any CodingKey]) throws {
        switch value {
        case let v as JSONValue: content = .leaf(v)
        case let v as JSONNumber: content = .leaf(.number(v.text))
        case let v as String: content = .leaf(.string(v))
        case let v as Bool: content = .leaf(.bool(v))
        case let v as any FixedWidthInteger: content = .leaf(.number(String(describing: v)))
        case let v as Double:
            guard v.isFinite else {
                throw EncodingError.invalidValue(v, .init(codingPath: path, debugDescription: "JSON has no \(v)"))
            }
            content = .leaf(.number(String(v)))
        default: try value.encode(to: NodeEncoder(node: self, codingPath: path))
        }
    }

    /// The member `key`, created (or replaced) empty.
    func member(_ key: String) -> JSONNode {
        let child = JSONNode()
        guard case .object(var members) = content else { content = .object([(key, child)]); return child }
        if let i = members.firstIndex(where: { $0.key == key }) { members[i].node = child } else { members.append((key, child)) }
        content = .object(members)
        return child
    }

    /// A new last item.
    func appended() -> JSONNode {
        let child = JSONNode()
        guard case .array(var items) = content else { content = .array([child]); return child }
        items.append(child)
        content = .array(items)
        return child
    }

    func becomeObject() { if case .object = content {} else { content = .object([]) } }
    func becomeArray() { if case .array = content {} else { content = .array([]) } }
}

struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeEncoding<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeEncoding(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleNodeEncoding(node: node, codingPath: codingPath) }
}

struct KeyedNodeEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .leaf(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.member(key.stringValue).store(value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.member("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]) }
}

struct UnkeyedNodeEncoding: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = node.content { return items.count }
        return 0
    }

    mutating func encodeNil() throws { node.appended().content = .leaf(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.appended().store(value, at: codingPath) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appended(), codingPath: codingPath) }
}

struct SingleNodeEncoding: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .leaf(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, at: codingPath) }
}
