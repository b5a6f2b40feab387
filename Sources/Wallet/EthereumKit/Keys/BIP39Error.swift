/// Why a recovery phrase or its entropy was refused.
public enum BIP39Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// The phrase does not have 12, 15, 18, 21 or 24 words.
    case invalidWordCount(Int)
    /// The word at `index` (0-based; the description counts from 1) is not in the English list.
    case unknownWord(index: Int, word: String)
    /// Every word is known but the checksum in the last word does not match.
    case invalidChecksum
    /// Entropy must be 16, 20, 24, 28 or 32 bytes.
    case invalidEntropyLength(Int)

    public var description: String {
        switch self {
        case .invalidWordCount(let count):
            return "a recovery phrase has 12, 15, 18, 21 or 24 words, not \(count)"
        case .unknownWord(let index, _):
            // The word itself stays out of the text: a typo of a secret word should not reach a log.
            return "word \(index + 1) of the recovery phrase is not in the BIP39 English word list"
        case .invalidChecksum:
            return "the recovery phrase's checksum fails: a word is wrong, missing or out of order"
        case .invalidEntropyLength(let count):
            return "BIP39 entropy is 16, 20, 24, 28 or 32 bytes, not \(count)"
        }
    }
}
