/// Why a keystore V3 file could not be read or written. No case ever carries a password, a
/// derived key or a secret.
public enum KeystoreFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON, or a required member is missing or of the wrong type.
    case invalidJSON(String)
    /// The `version` member is not 3.
    case unsupportedVersion(String)
    /// The cipher is not `aes-128-ctr`.
    case unsupportedCipher(String)
    /// The KDF is neither `scrypt` nor `pbkdf2` with `hmac-sha256`.
    case unsupportedKDF(String)
    /// A parameter is malformed or outside what Bifrost accepts (bad lengths, absurd KDF costs).
    case invalidParameters(String)
    /// The MAC does not match: the password is wrong (or the file was altered).
    case wrongPassword
    /// The key derivation or the cipher failed inside the crypto library.
    case kdfFailed(String)

    public var description: String {
        switch self {
        case .invalidJSON(let why): return "not a valid keystore file: \(why)"
        case .unsupportedVersion(let v): return "unsupported keystore version \(v) (only version 3 is supported)"
        case .unsupportedCipher(let c): return "unsupported keystore cipher '\(c)' (only aes-128-ctr is supported)"
        case .unsupportedKDF(let k): return "unsupported keystore key derivation '\(k)' (scrypt or pbkdf2 with hmac-sha256)"
        case .invalidParameters(let why): return "invalid keystore parameters: \(why)"
        case .wrongPassword: return "wrong password for this keystore (MAC mismatch)"
        case .kdfFailed(let why): return "keystore key derivation failed: \(why)"
        }
    }
}
