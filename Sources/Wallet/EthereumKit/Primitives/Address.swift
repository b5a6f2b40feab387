/// Why an address string was refused.
public enum AddressError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidLength(Int)
    case invalidHex
    case checksumMismatch(expected: String)

    public var description: String {
        switch self {
        case .invalidLength(let n): return "an address has 20 bytes (40 hex digits), got \(n) hex digits"
        case .invalidHex: return "an address must be hexadecimal"
        case .checksumMismatch(let expected):
            return "address checksum mismatch (EIP-55); did you mean \(expected)?"
        }
    }
}

/// A 20-byte Ethereum account address. Prints in EIP-55 mixed-case checksum form.
public struct Address: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 20 raw bytes.
    public let bytes: [UInt8]

    /// The zero address `0x0000…0000`.
    public static let zero = Address(unchecked: [UInt8](repeating: 0, count: 20))

    /// An address from exactly 20 bytes.
    public init(bytes: [UInt8]) throws(AddressError) {
        guard bytes.count == 20 else { throw .invalidLength(bytes.count * 2) }
        self.bytes = bytes
    }

    init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// The low 20 bytes of a word, as an ABI word, a storage slot or a hash holds an address;
    /// shorter input is left-padded with zeros, so this cannot fail.
    public init(word: some Collection<UInt8>) {
        let low = Array(word.suffix(20))
        self.bytes = [UInt8](repeating: 0, count: 20 - low.count) + low
    }

    /// The address a 32-byte ABI word encodes, nil when its 12 high bytes are not zero: what an
    /// event's indexed address or a decoded argument must be before it names anyone.
    public init?(strictWord word: some Collection<UInt8>) {
        guard word.count == 32, word.prefix(12).allSatisfy({ $0 == 0 }) else { return nil }
        self.init(word: word)
    }

    /// Parses `0x`-prefixed or bare hex. All-lower or all-upper case is accepted as is; mixed case
    /// must carry a valid EIP-55 checksum, because a wrong one usually means a typo.
    public init(_ text: String) throws(AddressError) {
        let trimmed = text.trimmingWhitespace()
        let body = Hex.hasPrefix(trimmed) ? String(trimmed.dropFirst(2)) : trimmed
        guard body.utf8.count == 40 else { throw .invalidLength(body.utf8.count) }
        guard let raw = try? Hex.decode(body) else { throw .invalidHex }
        let candidate = Address(unchecked: raw)
        // The body is hex by now, so ASCII tests on its bytes say it: Character's Unicode case tests showed in the server's profile.
        let hasLower = body.utf8.contains { (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
        let hasUpper = body.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
        if hasLower && hasUpper {
            let expected = candidate.checksummed
            guard String(expected.dropFirst(2)) == body else { throw .checksumMismatch(expected: expected) }
        }
        self = candidate
    }

    /// The address of an uncompressed 64-byte public key (x‖y): the last 20 bytes of its Keccak-256.
    public init(publicKey: PublicKey) {
        self.bytes = Array(Keccak256.hash(publicKey.uncompressedXY).suffix(20))
    }

    /// EIP-55 mixed-case checksum form.
    public var checksummed: String {
        var digits = Array(Hex.encode(bytes, prefix: false).utf8)
        let hash = Keccak256.hash(digits)
        // ASCII arithmetic on the bytes: Character's Unicode letter tests showed in the server's profile.
        for i in digits.indices where digits[i] >= UInt8(ascii: "a") {
            let nibble = (hash[i / 2] >> (i % 2 == 0 ? 4 : 0)) & 0x0f
            if nibble >= 8 { digits[i] -= 32 }
        }
        return "0x" + String(decoding: digits, as: UTF8.self)
    }

    /// All-lower-case `0x` form.
    public var lowercased: String { Hex.encode(bytes) }

    public var description: String { checksummed }

    public static func < (lhs: Address, rhs: Address) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
