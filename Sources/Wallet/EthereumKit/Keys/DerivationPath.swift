/// A BIP32 derivation path such as `m/44'/60'/0'/0/7`.
public struct DerivationPath: Sendable, Hashable, CustomStringConvertible {
    /// The bit that marks a hardened index.
    static let hardenedBit: UInt32 = 0x8000_0000

    /// Child indices from the master key; hardened ones carry `0x8000_0000`.
    public let components: [UInt32]

    /// Parses `m`, then `/index` steps; `'`, `h` or `H` after an index makes it hardened.
    public init(_ text: String) throws(BIP32Error) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "m" else { throw .invalidPath(text) }
        var components = [UInt32]()
        for part in parts.dropFirst() {
            var digits = part
            var hardened = false
            if let last = digits.last, last == "'" || last == "h" || last == "H" {
                hardened = true
                digits = digits.dropLast()
            }
            // ASCII digits only: UInt32's parser would also take a leading "+".
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let index = UInt32(digits), index < Self.hardenedBit
            else { throw .invalidPath(text) }
            components.append(hardened ? index | Self.hardenedBit : index)
        }
        self.components = components
    }

    /// A path from raw indices (hardened ones with `0x8000_0000` set).
    public init(components: [UInt32]) {
        self.components = components
    }

    /// The BIP44 Ethereum account path `m/44'/60'/0'/0/index`; `index` must be below 2^31.
    public static func ethereum(index: UInt32) throws(BIP32Error) -> DerivationPath {
        guard index < hardenedBit else { throw .indexOutOfRange(UInt64(index)) }
        return DerivationPath(components: [44 | hardenedBit, 60 | hardenedBit, hardenedBit, 0, index])
    }

    /// The path as text, with `'` for hardened steps.
    public var description: String {
        components.reduce(into: "m") { text, c in
            text += c & Self.hardenedBit != 0 ? "/\(c & ~Self.hardenedBit)'" : "/\(c)"
        }
    }
}
