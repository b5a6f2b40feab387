import BigInt

/// Why typed data could not be parsed or hashed.
public enum TypedDataError: Error, Equatable, Sendable, CustomStringConvertible {
    case json(JSONParseError)
    case missingMember(String)
    case invalidTypes
    case unknownType(String)
    case missingValue(type: String, field: String)
    case invalidValue(type: String, value: String)
    case arrayLength(type: String, expected: Int, got: Int)
    case cyclicOrTooDeep

    public var description: String {
        switch self {
        case .json(let e): return "typed data is not valid JSON: \(e)"
        case .missingMember(let m): return "typed data has no '\(m)' member"
        case .invalidTypes: return "typed data 'types' must map type names to [{name, type}] lists"
        case .unknownType(let t): return "typed data uses unknown type '\(t)'"
        case .missingValue(let t, let f): return "\(t) value has no field '\(f)'"
        case .invalidValue(let t, let v): return "'\(v)' is not a valid \(t)"
        case .arrayLength(let t, let e, let g): return "\(t) needs \(e) items, got \(g)"
        case .cyclicOrTooDeep: return "typed data values are nested too deeply"
        }
    }
}

/// EIP-712 typed structured data in the `eth_signTypedData_v4` JSON form.
public struct TypedData: Sendable {
    /// One member of a struct type.
    public struct Field: Hashable, Sendable {
        public let name: String
        public let type: String

        /// A member `type name`.
        public init(name: String, type: String) {
            self.name = name
            self.type = type
        }
    }

    /// Struct definitions by name, including `EIP712Domain` (derived from the domain when absent).
    public let types: [String: [Field]]
    public let primaryType: String
    public let domain: JSONValue
    public let message: JSONValue

    /// The canonical order of domain fields, used when `EIP712Domain` is not given.
    static let domainFieldOrder: [Field] = [
        Field(name: "name", type: "string"), Field(name: "version", type: "string"),
        Field(name: "chainId", type: "uint256"), Field(name: "verifyingContract", type: "address"),
        Field(name: "salt", type: "bytes32"),
    ]

    /// Parses the JSON text of an `eth_signTypedData_v4` request.
    public init(json: [UInt8]) throws(TypedDataError) {
        let root: JSONValue
        do { root = try JSONParser.parse(json) } catch { throw .json(error) }
        try self.init(root)
    }

    /// Builds typed data from an already parsed JSON object.
    public init(_ root: JSONValue) throws(TypedDataError) {
        guard let typesJSON = root["types"]?.objectValue else { throw .missingMember("types") }
        guard let primary = root["primaryType"]?.stringValue else { throw .missingMember("primaryType") }
        let domain = root["domain"] ?? .object([])
        guard domain.objectValue != nil else { throw .missingMember("domain") }
        guard let message = root["message"] else { throw .missingMember("message") }
        var types = [String: [Field]]()
        for (name, list) in typesJSON {
            guard let items = list.arrayValue else { throw .invalidTypes }
            types[name] = try items.map { (item: JSONValue) throws(TypedDataError) -> Field in
                guard let n = item["name"]?.stringValue, let t = item["type"]?.stringValue else { throw .invalidTypes }
                return Field(name: n, type: t)
            }
        }
        if types["EIP712Domain"] == nil {
            let present = Set(domain.objectValue?.map(\.key) ?? [])
            types["EIP712Domain"] = TypedData.domainFieldOrder.filter { present.contains($0.name) }
        }
        self.init(types: types, primaryType: primary, domain: domain, message: message)
    }

    /// Typed data from its parts; `types` must include `EIP712Domain`.
    public init(types: [String: [Field]], primaryType: String, domain: JSONValue, message: JSONValue) {
        self.types = types
        self.primaryType = primaryType
        self.domain = domain
        self.message = message
    }

    /// `Mail(Person from,Person to,string contents)Person(string name,address wallet)`.
    public func encodeType(_ name: String) throws(TypedDataError) -> String {
        var deps = Set<String>()
        try collectDependencies(of: name, into: &deps)
        deps.remove(name)
        var out = ""
        for t in [name] + deps.sorted() {
            guard let fields = types[t] else { throw .unknownType(t) }
            out += t + "(" + fields.map { "\($0.type) \($0.name)" }.joined(separator: ",") + ")"
        }
        return out
    }

    /// Keccak-256 of `encodeType`.
    public func typeHash(_ name: String) throws(TypedDataError) -> [UInt8] {
        Keccak256.hash(Array(try encodeType(name).utf8))
    }

    /// `typeHash ‖ enc(field₁) ‖ …`, the pre-image of `hashStruct`.
    public func encodeData(_ name: String, _ value: JSONValue) throws(TypedDataError) -> [UInt8] {
        try encodeData(name, value, depth: 0)
    }

    /// `keccak256(encodeData(type, value))`.
    public func hashStruct(_ name: String, _ value: JSONValue) throws(TypedDataError) -> [UInt8] {
        Keccak256.hash(try encodeData(name, value, depth: 0))
    }

    /// `hashStruct(EIP712Domain, domain)`.
    public func domainSeparator() throws(TypedDataError) -> [UInt8] {
        try hashStruct("EIP712Domain", domain)
    }

    /// The digest that is signed: `keccak256(0x19 0x01 ‖ domainSeparator ‖ hashStruct(message))`.
    /// When the primary type is `EIP712Domain` the message hash is omitted, as EIP-712 specifies.
    public func digest() throws(TypedDataError) -> [UInt8] {
        Keccak256.hash(try preimage())
    }

    /// `0x19 0x01 ‖ domainSeparator ‖ hashStruct(message)`, whose hash is `digest()`: what a
    /// hardware wallet is given as its two hashes.
    public func preimage() throws(TypedDataError) -> [UInt8] {
        var pre: [UInt8] = [0x19, 0x01] + (try domainSeparator())
        if primaryType != "EIP712Domain" { pre += try hashStruct(primaryType, message) }
        return pre
    }

    /// Signs the digest with `key`.
    public func sign(with key: PrivateKey) throws -> Signature {
        try key.sign(digest: try digest())
    }

    private func collectDependencies(of name: String, into deps: inout Set<String>) throws(TypedDataError) {
        let base = TypedData.baseType(name)
        guard let fields = types[base], !deps.contains(base) else { return }
        deps.insert(base)
        for f in fields { try collectDependencies(of: f.type, into: &deps) }
    }

    private func encodeData(_ name: String, _ value: JSONValue, depth: Int) throws(TypedDataError) -> [UInt8] {
        guard depth < 64 else { throw .cyclicOrTooDeep }
        guard let fields = types[name] else { throw .unknownType(name) }
        guard value.objectValue != nil else { throw .invalidValue(type: name, value: JSONWriter.write(value)) }
        var out = try typeHash(name)
        for f in fields {
            guard let v = value[f.name] else { throw .missingValue(type: name, field: f.name) }
            out += try encodeField(f.type, v, depth: depth)
        }
        return out
    }

    private func encodeField(_ type: String, _ value: JSONValue, depth: Int) throws(TypedDataError) -> [UInt8] {
        if type.hasSuffix("]"), let open = type.lastIndex(of: "[") {
            let inner = String(type[..<open])
            let lengthText = type[type.index(after: open)..<type.index(before: type.endIndex)]
            guard let items = value.arrayValue else { throw .invalidValue(type: type, value: JSONWriter.write(value)) }
            if !lengthText.isEmpty {
                guard let n = Int(lengthText) else { throw .unknownType(type) }
                guard items.count == n else { throw .arrayLength(type: type, expected: n, got: items.count) }
            }
            var concat = [UInt8]()
            for item in items { concat += try encodeField(inner, item, depth: depth + 1) }
            return Keccak256.hash(concat)
        }
        if types[type] != nil {
            return Keccak256.hash(try encodeData(type, value, depth: depth + 1))
        }
        switch type {
        case "string":
            guard let s = value.stringValue else { throw .invalidValue(type: type, value: JSONWriter.write(value)) }
            return Keccak256.hash(Array(s.utf8))
        case "bytes":
            return Keccak256.hash(try TypedData.bytes(value, type: type))
        default:
            let abiType: ABIType
            do { abiType = try ABIType(parsing: type) } catch { throw .unknownType(type) }
            let abiValue = try TypedData.atomic(abiType, value, type: type)
            do { return try ABIEncoder.encode(abiType, abiValue) } catch {
                throw .invalidValue(type: type, value: JSONWriter.write(value))
            }
        }
    }

    static func baseType(_ type: String) -> String {
        guard let open = type.firstIndex(of: "[") else { return type }
        return String(type[..<open])
    }

    private static func bytes(_ value: JSONValue, type: String) throws(TypedDataError) -> [UInt8] {
        guard let s = value.stringValue, let b = try? Hex.decode(s) else {
            throw .invalidValue(type: type, value: JSONWriter.write(value))
        }
        return b
    }

    private static func atomic(_ t: ABIType, _ value: JSONValue, type: String) throws(TypedDataError) -> ABIValue {
        let text: String
        switch value {
        case .number(let n): text = n
        case .string(let s): text = s
        case .bool(let b):
            guard t == .bool else { throw .invalidValue(type: type, value: String(b)) }
            return .bool(b)
        default: throw .invalidValue(type: type, value: JSONWriter.write(value))
        }
        switch t {
        case .uint, .int:
            guard let v = IntegerText.parse(text) else { throw .invalidValue(type: type, value: text) }
            if case .uint = t, v.sign == .minus { throw .invalidValue(type: type, value: text) }
            return .int(v)
        case .address:
            guard let a = try? Address(text) else { throw .invalidValue(type: type, value: text) }
            return .address(a)
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw .invalidValue(type: type, value: text)
            }
        case .fixedBytes(let n):
            guard let b = try? Hex.decode(text), b.count == n else { throw .invalidValue(type: type, value: text) }
            return .bytes(b)
        default:
            throw .unknownType(type)
        }
    }
}
