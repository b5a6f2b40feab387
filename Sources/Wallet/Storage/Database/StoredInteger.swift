import BigInt
import GRDB

/// A non-negative integer as a column keeps it: an SQLite INTEGER while it fits 63 bits, so SQL
/// sorts and compares it as a number. Beyond, it is text that SQLite sorts after every INTEGER:
/// `~` and 78 zero-padded digits, so that such values also sort among themselves, and so that the
/// column's INTEGER affinity does not turn them into a rounded REAL as it would plain digits.
/// Nonces are stored this way.
package struct StoredInteger: DatabaseValueConvertible, Codable, Sendable, Hashable {
    package let value: BigUInt

    package init(_ value: BigUInt) { self.value = value }

    package var databaseValue: DatabaseValue {
        if let small = Int64(exactly: value) { return small.databaseValue }
        return Self.largeText(String(value)).databaseValue
    }

    /// The text form of a value beyond 63 bits (given as decimal digits).
    static func largeText(_ digits: String) -> String {
        "~" + String(repeating: "0", count: max(0, 78 - digits.count)) + digits
    }

    package static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StoredInteger? {
        switch dbValue.storage {
        case .int64(let n) where n >= 0: return StoredInteger(BigUInt(n))
        case .string(let text):
            guard text.hasPrefix("~") else { return nil }
            return BigUInt(text.dropFirst(), radix: 10).map(StoredInteger.init)
        default: return nil
        }
    }

    // Records use the database value above; Codable is only for the record's synthesized conformance.
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = BigUInt(text, radix: 10) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a decimal integer: \(text)"))
        }
        self.value = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }
}
