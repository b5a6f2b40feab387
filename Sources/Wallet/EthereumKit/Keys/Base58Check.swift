import Crypto

/// Base58 with a 4-byte double-SHA-256 checksum appended, so a mistyped key is caught.
public enum Base58Check {
    /// The Base58 text of `payload` followed by its checksum.
    public static func encode(_ payload: [UInt8]) -> String {
        Base58.encode(payload + checksum(payload))
    }

    /// The payload of Base58Check `text`, after verifying its checksum.
    public static func decode(_ text: String) throws(Base58Error) -> [UInt8] {
        let raw = try Base58.decode(text)
        guard raw.count >= 4 else { throw .tooShort }
        let payload = Array(raw.dropLast(4))
        guard checksum(payload) == Array(raw.suffix(4)) else { throw .invalidChecksum }
        return payload
    }

    /// The first 4 bytes of SHA-256(SHA-256(payload)).
    static func checksum(_ payload: [UInt8]) -> [UInt8] {
        let once = Array(SHA256.hash(data: payload))
        return Array(Array(SHA256.hash(data: once)).prefix(4))
    }
}
