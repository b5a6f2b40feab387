import BigInt

/// A JSON number kept as its exact decimal text, so a 256-bit integer prints in full.
public struct JSONNumber: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The number as it is written in JSON.
    public let text: String

    /// An integer, written in decimal.
    public init(_ value: BigUInt) { text = String(value) }

    /// An integer, written in decimal.
    public init(_ value: Int) { text = String(value) }

    /// A number already written as JSON number text (a decimal fraction such as a price).
    public init(text: String) { self.text = text }

    public var description: String { text }

    // Outside JSONValueEncoder and JSONValueDecoder, which keep the exact text, it travels as a string.
    public init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// An optional that prints as `null` when absent, for JSON readers that expect the key always.
@propertyWrapper
public struct NullWhenAbsent<Value: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
