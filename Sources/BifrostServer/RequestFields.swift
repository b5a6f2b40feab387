import BigInt
import Foundation
import Services

/// Typed fields of a JSON request body, read by Services' one input dialect (`InputText`): numbers
/// as JSON numbers or strings (decimal or 0x hex, below 2^256), hex with or without 0x, null for
/// "none"; refused by name otherwise.
struct RequestFields {
    let json: JSONValue

    init(_ body: [UInt8]) throws(FieldError) {
        do { json = try JSONParser.parse(body) } catch { throw FieldError(.malformed, field: "body", "not JSON: \(error.description)") }
        guard json.objectValue != nil else { throw FieldError(.malformed, field: "body", "must be a JSON object") }
    }

    func address(_ field: String, default fallback: Address? = nil) throws(FieldError) -> Address {
        guard let text = json[field]?.stringValue else {
            if let fallback, json[field] == nil || json[field] == .null { return fallback }
            throw FieldError(.malformed, field: field, "an address is required")
        }
        do { return try InputText.address(text) } catch { throw FieldError(.malformed, field: field, error.reason) }
    }

    /// An address, or nil for a missing field or null.
    func optionalAddress(_ field: String) throws(FieldError) -> Address? {
        json[field] == nil || json[field] == .null ? nil : try address(field)
    }

    func number(_ field: String, default fallback: BigUInt? = nil) throws(FieldError) -> BigUInt {
        switch json[field] {
        case .number(let text)?, .string(let text)?:
            do { return try InputText.uint256(text) } catch { throw FieldError(.malformed, field: field, error.reason) }
        case nil, .null?:
            if let fallback { return fallback }
            throw FieldError(.malformed, field: field, "a number is required")
        case _?: throw FieldError(.malformed, field: field, "must be a number")
        }
    }

    /// Hex bytes; nil for a missing field or null.
    func hex(_ field: String) throws(FieldError) -> [UInt8]? {
        switch json[field] {
        case nil, .null?: return nil
        case .string(let text)?: return try Self.bytes(text, field: field)
        case _?: throw FieldError(.malformed, field: field, "must be a hex string")
        }
    }

    func string(_ field: String) throws(FieldError) -> String? {
        switch json[field] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case _?: throw FieldError(.malformed, field: field, "must be a string")
        }
    }

    /// An ISO 8601 date, with or without fractional seconds; nil for a missing field or null.
    func date(_ field: String) throws(FieldError) -> Date? {
        guard let text = try string(field) else { return nil }
        if let date = try? ServiceJSON.iso8601.parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        throw FieldError(.malformed, field: field, "'\(text)' is not an ISO 8601 date such as 2026-12-31T00:00:00Z")
    }

    /// A 32-byte hash.
    func hash(_ field: String) throws(FieldError) -> [UInt8] {
        guard case .string(let text)? = json[field] else { throw FieldError(.malformed, field: field, "a 32-byte hash is required") }
        return try Self.hashText(text, field: field)
    }

    /// `operation`: 0 call, 1 delegatecall; 2 (CREATE) is what the official service refuses too.
    func operation() throws(FieldError) -> SafeOperation {
        let n = try number("operation")
        guard n <= 1, let op = SafeOperation(rawValue: UInt8(n)) else {
            throw FieldError(.refused, field: "operation", n == 2 ? "CREATE is not supported" : "must be 0 (call) or 1 (delegatecall)")
        }
        return op
    }

    /// The proposal of `safe` in this body.
    func proposal(safe: Address) throws(FieldError) -> ServiceProposal {
        if let named = try optionalAddress("safe"), named != safe {
            throw FieldError(.refused, field: "safe", "the body names another Safe than the path")
        }
        // The chain ID and version are placeholders: the service puts the chain's in.
        let fields = SafeTx(
            safe: safe, chainID: nil, version: .v1_4_1, to: try address("to"), value: try number("value"), data: try hex("data") ?? [],
            operation: try operation(), safeTxGas: try number("safeTxGas", default: 0), baseGas: try number("baseGas", default: 0),
            gasPrice: try number("gasPrice", default: 0), gasToken: try address("gasToken", default: .zero),
            refundReceiver: try address("refundReceiver", default: .zero), nonce: try number("nonce"))
        return ServiceProposal(fields: fields, statedHash: try hash("contractTransactionHash"), sender: try address("sender"),
                               signature: try hex("signature"), origin: try string("origin"))
    }
}
