import BigInt
import EthereumKit
import TestSupport

/// Reading the loosely typed fields of the vector files: integers come as JSON numbers, decimal
/// strings or `0x` hex (where a bare `0x` means zero), and bytes as `0x` hex.
enum VectorValue {
    /// An unsigned integer; a missing member is zero.
    static func uint(_ value: JSONValue?) throws -> BigUInt {
        guard let value else { return 0 }
        guard let text = value.text else { throw VectorError.malformed("not an integer: \(value)") }
        if text == "0x" || text.isEmpty { return 0 }
        guard let v = IntegerText.parseUnsigned(text) else { throw VectorError.malformed("not an integer: \(text)") }
        return v
    }

    /// A signed integer.
    static func int(_ value: JSONValue?) throws -> BigInt {
        guard let text = value?.text, let v = IntegerText.parse(text) else {
            throw VectorError.malformed("not an integer: \(String(describing: value))")
        }
        return v
    }

    /// Bytes from `0x` hex; a missing member is empty.
    static func bytes(_ value: JSONValue?) throws -> [UInt8] {
        guard let value else { return [] }
        guard let s = value.stringValue else { throw VectorError.malformed("not hex: \(value)") }
        return try Hex.decode(s)
    }

    /// A string member.
    static func string(_ value: JSONValue?) throws -> String {
        guard let s = value?.stringValue else { throw VectorError.malformed("not a string: \(String(describing: value))") }
        return s
    }

    /// An array member.
    static func array(_ value: JSONValue?) throws -> [JSONValue] {
        guard let a = value?.arrayValue else { throw VectorError.malformed("not an array: \(String(describing: value))") }
        return a
    }

    /// An address; a missing member or empty string is nil (contract creation).
    static func address(_ value: JSONValue?) throws -> Address? {
        guard let s = value?.stringValue, !s.isEmpty, s != "0x" else { return nil }
        return try Address(s)
    }
}

