import Crypto

/// HMAC-SHA256 (RFC 2104 over FIPS 180-4), through swift-crypto.
public enum HMACSHA256 {
    /// The 32-byte tag of `message` under `key`.
    public static func tag(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }

    /// Whether `tag` is `message`'s tag under `key`, compared in constant time.
    public static func verify(_ tag: [UInt8], of message: [UInt8], key: [UInt8]) -> Bool {
        ConstantTime.equals(Self.tag(message, key: key), tag)
    }
}
