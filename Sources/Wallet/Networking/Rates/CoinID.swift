/// A coin ID that is not one a rates API names coins by.
public struct InvalidCoinID: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text given, clipped to 40 characters.
    public let text: String

    init(_ text: String) { self.text = text.count > 40 ? String(text.prefix(40)) + "…" : text }

    public var description: String {
        "'\(text)' is not a coin ID: use the rates API's ID, lowercase letters, digits and '-' only (such as ethereum or usd-coin)"
    }
}

/// The rule for coin IDs, checked before one goes into a rates API's URL: lowercase ASCII
/// letters, digits and `-`, at most 100 characters. Nothing else can name a path segment of
/// its own (`/`, `..`, `?`, `#`, CR/LF, `%` are all refused).
public enum CoinID {
    /// The longest ID taken; CoinGecko's longest are around 70 characters.
    public static let maximumLength = 100

    /// Whether `text` is a well-formed coin ID.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maximumLength && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }

    /// Throws `InvalidCoinID` unless `text` is a well-formed coin ID.
    public static func check(_ text: String) throws(InvalidCoinID) {
        guard isValid(text) else { throw InvalidCoinID(text) }
    }
}
