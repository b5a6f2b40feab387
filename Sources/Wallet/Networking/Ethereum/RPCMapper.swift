import BigInt
import EthereumKit

/// Mappers for JSON-RPC results: Ethereum's hex encodings into values. A wrong shape throws
/// `NetworkError.invalidResponse` naming what was expected, where, and what came instead.
public enum RPCMapper {
    /// The widest quantity the EVM has; anything longer is a broken or hostile node.
    static let maxQuantityDigits = 64

    /// A hex quantity (`0x1a`) as an integer. Leading zeros are tolerated as most clients do; decimal
    /// strings, JSON numbers, an empty `0x` and values wider than 256 bits are refused.
    public static func quantity(_ value: JSONValue, field: String = "result") throws(NetworkError) -> BigUInt {
        guard case .string(let text) = value, Hex.hasPrefix(text) else {
            throw expected("a hex quantity", field, value)
        }
        let all = text.utf8.dropFirst(2)
        guard !all.isEmpty, all.allSatisfy({ Hex.isDigit($0) }) else { throw expected("a hex quantity", field, value) }
        let digits = all.drop { $0 == UInt8(ascii: "0") }
        guard digits.count <= maxQuantityDigits else {
            throw expected("a hex quantity of at most 256 bits", field, value)
        }
        guard !digits.isEmpty else { return 0 }
        guard let number = BigUInt(String(decoding: digits, as: UTF8.self), radix: 16) else {
            throw expected("a hex quantity", field, value)
        }
        return number
    }

    /// Unformatted hex data (`0x` plus two digits per byte) as bytes; `0x` is empty data.
    public static func data(_ value: JSONValue, field: String = "result") throws(NetworkError) -> [UInt8] {
        guard case .string(let text) = value, Hex.hasPrefix(text), let bytes = try? [UInt8](hex: text) else {
            throw expected("hex data", field, value)
        }
        return bytes
    }

    /// Hex data of exactly `count` bytes.
    public static func data(_ value: JSONValue, count: Int, field: String = "result") throws(NetworkError) -> [UInt8] {
        let bytes = try data(value, field: field)
        guard bytes.count == count else { throw expected("\(count) bytes of hex data", field, value) }
        return bytes
    }

    /// A 32-byte hash.
    public static func hash(_ value: JSONValue, field: String = "result") throws(NetworkError) -> [UInt8] {
        try data(value, count: 32, field: field)
    }

    /// A 20-byte address in any letter case (nodes send lower case; a checksum is not required).
    public static func address(_ value: JSONValue, field: String = "result") throws(NetworkError) -> Address {
        let bytes = try data(value, count: 20, field: field)
        guard let address = try? Address(bytes: bytes) else { throw expected("an address", field, value) }
        return address
    }

    /// A JSON number as a `Double` (e.g. `gasUsedRatio`).
    public static func double(_ value: JSONValue, field: String = "result") throws(NetworkError) -> Double {
        guard case .number(let text) = value, let number = Double(text) else {
            throw expected("a number", field, value)
        }
        return number
    }

    /// A JSON array's items.
    public static func array(_ value: JSONValue, field: String = "result") throws(NetworkError) -> [JSONValue] {
        guard case .array(let items) = value else { throw expected("an array", field, value) }
        return items
    }

    /// Nil for JSON `null`, otherwise `map(value)`.
    public static func optional<T>(
        _ value: JSONValue,
        _ map: (JSONValue) throws(NetworkError) -> T
    ) throws(NetworkError) -> T? {
        value == .null ? nil : try map(value)
    }

    /// The member `key` of the object `value`, which must be there.
    static func member(_ value: JSONValue, _ key: String, in entity: String) throws(NetworkError) -> JSONValue {
        guard case .object = value else { throw expected("\(entity) object", entity, value) }
        guard let member = value[key] else { throw .invalidResponse("\(entity) has no '\(key)'") }
        return member
    }

    /// The member `key`, or nil when it is missing or null.
    static func optionalMember(_ value: JSONValue, _ key: String) -> JSONValue? {
        guard let member = value[key], member != .null else { return nil }
        return member
    }

    static func expected(_ what: String, _ field: String, _ value: JSONValue) -> NetworkError {
        .invalidResponse("expected \(what) for \(field), got \(JSONRPCMessage.preview(value))")
    }
}

extension Hex {
    /// True for an ASCII hex digit.
    static func isDigit(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x61...0x66).contains(c) || (0x41...0x46).contains(c)
    }
}
