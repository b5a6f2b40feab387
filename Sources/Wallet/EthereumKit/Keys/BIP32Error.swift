/// Why an HD key, a derivation path or an extended-key text was refused.
public enum BIP32Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not a path such as `m/44'/60'/0'/0/7`.
    case invalidPath(String)
    /// The seed is not 16 to 64 bytes, or gives no valid master key.
    case invalidSeed
    /// The serialised key is not a valid secp256k1 private or public key.
    case invalidKey
    /// A hardened child needs the private key, and this key is public only.
    case hardenedFromPublic
    /// The extended-key text is malformed; the message says how.
    case invalidSerialization(String)
    /// The Base58Check checksum of the extended-key text does not match.
    case invalidChecksum
    /// The child key is invalid (probability below 2^-127) or the depth would pass 255.
    case derivationFailed
    /// An account index of 2^31 or more, which would be a hardened index.
    case indexOutOfRange(UInt64)

    public var description: String {
        switch self {
        case .invalidPath(let text):
            return "not a BIP32 path: \"\(text)\" (expected m followed by /index or /index' steps, e.g. m/44'/60'/0'/0/0)"
        case .invalidSeed: return "a BIP32 seed must be 16 to 64 bytes and give a valid master key"
        case .invalidKey: return "the extended key does not hold a valid secp256k1 key"
        case .hardenedFromPublic: return "a hardened child cannot be derived from a public-only extended key"
        case .invalidSerialization(let why): return "not a valid extended key: \(why)"
        case .invalidChecksum: return "the extended key's checksum does not match: it is mistyped or truncated"
        case .indexOutOfRange(let i): return "account index \(i) is out of range: it must be below 2147483648"
        case .derivationFailed: return "this child index gives no valid key (or the depth exceeds 255); use the next index"
        }
    }
}
