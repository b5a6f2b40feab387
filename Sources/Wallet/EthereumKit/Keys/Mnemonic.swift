import Foundation

/// A valid BIP39 English recovery phrase. Printing one shows only its length, so a phrase does
/// not end up in a log by accident; read `phrase` or `words` on purpose.
public struct Mnemonic: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The words, lower case, in order.
    public let words: [String]

    /// Parses and validates a phrase: NFKD-normalised, lower-cased, split on any whitespace.
    public init(phrase: String) throws(BIP39Error) {
        // NFKD first, as BIP39 specifies, so compatibility forms such as U+3000 become plain spaces.
        let normalized = phrase.decomposedStringWithCompatibilityMapping.lowercased()
        let words = normalized.split(whereSeparator: \.isWhitespace).map(String.init)
        guard BIP39.wordCounts.contains(words.count) else { throw .invalidWordCount(words.count) }
        var indices = [Int]()
        indices.reserveCapacity(words.count)
        for (position, word) in words.enumerated() {
            guard let index = BIP39.wordIndex[word] else { throw .unknownWord(index: position, word: word) }
            indices.append(index)
        }
        var decoded = BIP39.entropy(fromIndices: indices)
        defer { decoded.entropy.resetBytes() }
        guard decoded.checksumValid else { throw .invalidChecksum }
        self.words = words
    }

    /// The phrase for 16, 20, 24, 28 or 32 bytes of entropy.
    public init(entropy: [UInt8]) throws(BIP39Error) {
        words = try BIP39.indices(forEntropy: entropy).map { BIP39.englishWords[$0] }
    }

    /// The words joined by single spaces, the canonical form that the seed is derived from.
    public var phrase: String { words.joined(separator: " ") }

    /// The entropy the phrase encodes, without its checksum.
    public var entropy: [UInt8] {
        // Validated at init, so every word is in the list.
        BIP39.entropy(fromIndices: words.map { BIP39.wordIndex[$0] ?? 0 }).entropy
    }

    public var description: String { "Mnemonic(\(words.count) words, <redacted>)" }
    public var debugDescription: String { description }
    /// No children, so `dump` cannot print the words either.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
