import Crypto

/// BIP39 recovery phrases over the English word list.
public enum BIP39 {
    /// The phrase lengths BIP39 defines: 3 words for every 32 bits of entropy.
    static let wordCounts: Set<Int> = [12, 15, 18, 21, 24]

    /// A new phrase of `wordCount` words (12, 15, 18, 21 or 24) from the system CSPRNG.
    public static func generate(wordCount: Int = 12) throws(BIP39Error) -> Mnemonic {
        guard wordCounts.contains(wordCount) else { throw .invalidWordCount(wordCount) }
        var entropy = SecureRandom.bytes(wordCount / 3 * 4)
        defer { entropy.resetBytes() }
        return try Mnemonic(entropy: entropy)
    }

    /// Word → position in the list; built once, on first use.
    static let wordIndex: [String: Int] = Dictionary(
        uniqueKeysWithValues: englishWords.enumerated().map { ($0.element, $0.offset) }
    )

    /// The 11-bit word indices of `entropy` followed by its SHA-256 checksum bits.
    static func indices(forEntropy entropy: [UInt8]) throws(BIP39Error) -> [Int] {
        guard entropy.count >= 16, entropy.count <= 32, entropy.count % 4 == 0 else {
            throw .invalidEntropyLength(entropy.count)
        }
        let checksumBits = entropy.count / 4
        // At most 8 checksum bits, so the hash's first byte is all that is needed.
        let bits = entropy + [Array(SHA256.hash(data: entropy))[0]]
        let wordCount = (entropy.count * 8 + checksumBits) / 11
        return (0..<wordCount).map { word in
            var value = 0
            for bit in (word * 11)..<(word * 11 + 11) {
                value = value << 1 | Int(bits[bit / 8] >> (7 - UInt8(bit % 8)) & 1)
            }
            return value
        }
    }

    /// The entropy carried by `indices`, and whether their checksum bits match it.
    static func entropy(fromIndices indices: [Int]) -> (entropy: [UInt8], checksumValid: Bool) {
        let totalBits = indices.count * 11
        let checksumBits = totalBits / 33
        var bytes = [UInt8](repeating: 0, count: (totalBits + 7) / 8)
        for (word, value) in indices.enumerated() {
            for k in 0..<11 where value >> (10 - k) & 1 == 1 {
                let bit = word * 11 + k
                bytes[bit / 8] |= 0x80 >> UInt8(bit % 8)
            }
        }
        let entropyBytes = (totalBits - checksumBits) / 8
        let entropy = Array(bytes[0..<entropyBytes])
        let expected = Array(SHA256.hash(data: entropy))[0] >> (8 - UInt8(checksumBits))
        let carried = bytes[entropyBytes] >> (8 - UInt8(checksumBits))
        bytes.resetBytes()
        return (entropy, expected == carried)
    }
}
