import BigInt
import EthereumKit
import Foundation
import SafeKit

/// Reads the members of one Transaction Service JSON object by the one input dialect: numbers as
/// JSON numbers or strings, hex with or without 0x, null for "none"; a field that does not read
/// is named in the error.
public struct ServiceWireFields: Sendable {
    public let json: JSONValue

    /// The members of `json`, which must be an object (`what` names it in the error).
    public init(_ json: JSONValue, what: String = "body") throws(ServiceWireError) {
        guard json.objectValue != nil else { throw ServiceWireError(what, "must be a JSON object") }
        self.json = json
    }

    private func present(_ field: String) -> JSONValue? {
        guard let value = json[field], value != .null else { return nil }
        return value
    }

    public func address(_ field: String, default fallback: Address? = nil) throws(ServiceWireError) -> Address {
        guard let value = present(field) else {
            if let fallback { return fallback }
            throw ServiceWireError(field, "an address is required")
        }
        guard case .string(let text) = value else { throw ServiceWireError(field, "must be an address string") }
        do { return try InputText.address(text) } catch { throw ServiceWireError(field, error.reason) }
    }

    public func optionalAddress(_ field: String) throws(ServiceWireError) -> Address? {
        present(field) == nil ? nil : try address(field)
    }

    public func number(_ field: String, default fallback: BigUInt? = nil) throws(ServiceWireError) -> BigUInt {
        switch present(field) {
        case .number(let text)?, .string(let text)?:
            do { return try InputText.uint256(text) } catch { throw ServiceWireError(field, error.reason) }
        case nil:
            if let fallback { return fallback }
            throw ServiceWireError(field, "a number is required")
        case _?: throw ServiceWireError(field, "must be a number")
        }
    }

    public func optionalNumber(_ field: String) throws(ServiceWireError) -> BigUInt? {
        present(field) == nil ? nil : try number(field)
    }

    public func hex(_ field: String) throws(ServiceWireError) -> [UInt8]? {
        switch present(field) {
        case nil: return nil
        case .string(let text)?: return try Self.hex(text, field: field)
        case _?: throw ServiceWireError(field, "must be a hex string")
        }
    }

    public func hash(_ field: String) throws(ServiceWireError) -> [UInt8] {
        switch present(field) {
        case nil: throw ServiceWireError(field, "a 32-byte hash is required")
        case .string(let text)?: return try Self.hash(text, field: field)
        case _?: throw ServiceWireError(field, "must be a hex string")
        }
    }

    /// Hex bytes written as text (a member, a path segment, a query value), with or without 0x.
    public static func hex(_ text: String, field: String) throws(ServiceWireError) -> [UInt8] {
        do { return try InputText.hex(text) } catch { throw ServiceWireError(field, "not hex: \(error.reason)") }
    }

    /// A 32-byte hash written as text, with or without 0x.
    public static func hash(_ text: String, field: String) throws(ServiceWireError) -> [UInt8] {
        let bytes = try hex(text, field: field)
        guard bytes.count == 32 else { throw ServiceWireError(field, "a hash is 32 bytes, this is \(bytes.count)") }
        return bytes
    }

    public func string(_ field: String) throws(ServiceWireError) -> String? {
        switch present(field) {
        case nil: return nil
        case .string(let text)?: return text
        case _?: throw ServiceWireError(field, "must be a string")
        }
    }

    public func bool(_ field: String) -> Bool? {
        if case .bool(let b)? = present(field) { return b }
        return nil
    }

    public func date(_ field: String) throws(ServiceWireError) -> Date? {
        guard let text = try string(field) else { return nil }
        if let date = try? ServiceWireDate.style.parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        throw ServiceWireError(field, "'\(text)' is not an ISO 8601 date such as 2026-12-31T00:00:00Z")
    }

    public func array(_ field: String) -> [JSONValue] { present(field)?.arrayValue ?? [] }

    /// A list of addresses; missing or null is none.
    public func addresses(_ field: String) throws(ServiceWireError) -> [Address] {
        var read: [Address] = []
        for item in array(field) {
            guard let text = item.stringValue, let address = try? InputText.address(text) else { throw ServiceWireError(field, "an entry is not an address") }
            read.append(address)
        }
        return read
    }
}

/// The service's dates: ISO 8601 with fractional seconds, one style for every member.
/// A listed transaction's or message's `origin`, as the official service writes it: text (JSON
/// inside it, often), and `"{}"` for none.
public enum ServiceWireOrigin {
    public static func json(_ origin: String?) -> JSONValue { .string(origin ?? "{}") }
    /// The origin a listing's text names; nil for `"{}"`, the official service's none.
    public static func read(_ text: String?) -> String? { text == "{}" ? nil : text }
}

public enum ServiceWireDate {
    public static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    public static func json(_ date: Date?) -> JSONValue { date.map { .string(text($0)) } ?? .null }

    /// As the official service (Django REST Framework) writes a time: UTC, no fraction on a whole
    /// second (`…:19Z`), else six digits (`…:18.376000Z`).
    public static func text(_ date: Date) -> String {
        let t = date.timeIntervalSince1970
        var seconds = t.rounded(.down), micros = Int(((t - seconds) * 1_000_000).rounded())
        if micros == 1_000_000 { (seconds, micros) = (seconds + 1, 0) }
        let whole = Date(timeIntervalSince1970: seconds).formatted(.iso8601)
        guard micros > 0 else { return whole }
        let digits = String(micros)
        return whole.dropLast() + "." + String(repeating: "0", count: 6 - digits.count) + digits + "Z"
    }
}

extension JSONValue {
    /// An object from ordered members, as the service writes them.
    static func members(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, value: $0.1) }) }
}
