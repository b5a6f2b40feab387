import Foundation

/// Errors raised when text that should be hexadecimal is not.
public enum HexError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidCharacter(Character)
    case oddLength

    public var description: String {
        switch self {
        case .invalidCharacter(let c): return "invalid hex character '\(c)'"
        case .oddLength: return "hex string has an odd number of digits"
        }
    }
}

/// Hexadecimal encoding and decoding of byte sequences; `0x` is optional on input.
public enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Lower-case hex of `bytes`, with a `0x` prefix unless `prefix` is false.
    public static func encode<C: Collection>(_ bytes: C, prefix: Bool = true) -> String where C.Element == UInt8 {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2 + 2)
        if prefix { out.append(contentsOf: [0x30, 0x78]) }
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes of a hex string; accepts an optional `0x`/`0X` prefix and either case.
    public static func decode(_ text: String) throws(HexError) -> [UInt8] {
        var utf8 = Substring(text).utf8[...]
        if utf8.count >= 2, utf8.first == 0x30, let x = utf8.dropFirst().first, x == 0x78 || x == 0x58 {
            utf8 = utf8.dropFirst(2)
        }
        guard utf8.count % 2 == 0 else { throw .oddLength }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count / 2)
        var high: UInt8? = nil
        for c in utf8 {
            guard let v = nibble(c) else { throw .invalidCharacter(Character(Unicode.Scalar(c))) }
            if let h = high {
                out.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
        }
        return out
    }

    /// True when `text` has a `0x` prefix.
    public static func hasPrefix(_ text: String) -> Bool {
        text.hasPrefix("0x") || text.hasPrefix("0X")
    }

    static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x61...0x66: return c - 0x61 + 10
        case 0x41...0x46: return c - 0x41 + 10
        default: return nil
        }
    }
}

extension Array where Element == UInt8 {
    /// Decodes a hex string (with or without `0x`) into bytes.
    public init(hex: String) throws(HexError) { self = try Hex.decode(hex) }
    /// The bytes as `0x`-prefixed lower-case hex.
    public var hexString: String { Hex.encode(self) }
}

extension Data {
    /// Decodes a hex string (with or without `0x`) into data.
    public init(hex: String) throws(HexError) { self = Data(try Hex.decode(hex)) }
    /// The data as `0x`-prefixed lower-case hex.
    public var hexString: String { Hex.encode(self) }
}
