/// Why Base58 or Base58Check text was refused.
public enum Base58Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// A character outside the Bitcoin alphabet, at this 0-based position.
    case invalidCharacter(position: Int)
    /// Base58Check text too short to hold its 4-byte checksum.
    case tooShort
    /// The Base58Check checksum does not match the payload.
    case invalidChecksum

    public var description: String {
        switch self {
        case .invalidCharacter(let position):
            // The character itself is left out: the text may be an extended private key.
            return "character \(position + 1) is not in the Base58 alphabet"
        case .tooShort: return "Base58Check text is too short to carry a checksum"
        case .invalidChecksum: return "the Base58Check checksum does not match: the text is mistyped or truncated"
        }
    }
}

/// Base58 with Bitcoin's alphabet (no 0, O, I or l), the text form of BIP32 extended keys.
public enum Base58 {
    static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

    /// Maps an ASCII byte to its digit value, or -1 when it is not in the alphabet.
    private static let digitValue: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, char) in alphabet.enumerated() { table[Int(char)] = Int8(value) }
        return table
    }()

    /// The Base58 text of `bytes`; each leading zero byte becomes a leading `1`.
    public static func encode(_ bytes: [UInt8]) -> String {
        let zeros = bytes.prefix { $0 == 0 }.count
        // Base-58 digits, least significant first, grown by schoolbook multiply-and-add.
        var digits = [UInt8]()
        digits.reserveCapacity(bytes.count * 138 / 100 + 1)
        for byte in bytes.dropFirst(zeros) {
            var carry = Int(byte)
            for j in digits.indices {
                carry += Int(digits[j]) << 8
                digits[j] = UInt8(carry % 58)
                carry /= 58
            }
            while carry > 0 {
                digits.append(UInt8(carry % 58))
                carry /= 58
            }
        }
        let text = [UInt8](repeating: alphabet[0], count: zeros) + digits.reversed().map { alphabet[Int($0)] }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of Base58 `text`; each leading `1` becomes a leading zero byte.
    public static func decode(_ text: String) throws(Base58Error) -> [UInt8] {
        var zeros = 0
        var leading = true
        // Bytes, least significant first.
        var bytes = [UInt8]()
        for (position, scalar) in text.unicodeScalars.enumerated() {
            let value = scalar.value < 128 ? digitValue[Int(scalar.value)] : -1
            guard value >= 0 else { throw .invalidCharacter(position: position) }
            if leading && value == 0 {
                zeros += 1
                continue
            }
            leading = false
            var carry = Int(value)
            for j in bytes.indices {
                carry += Int(bytes[j]) * 58
                bytes[j] = UInt8(truncatingIfNeeded: carry)
                carry >>= 8
            }
            while carry > 0 {
                bytes.append(UInt8(truncatingIfNeeded: carry))
                carry >>= 8
            }
        }
        return [UInt8](repeating: 0, count: zeros) + bytes.reversed()
    }
}
