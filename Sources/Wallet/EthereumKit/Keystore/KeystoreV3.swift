import Crypto
import _CryptoExtras

/// Keystore V3 (Web3 Secret Storage): a secret encrypted under a password with scrypt or
/// PBKDF2-HMAC-SHA256, AES-128-CTR and a Keccak-256 MAC, as geth, eth-account and ethers write it.
///
/// - The password's bytes are its UTF-8, not normalised: geth and eth-account (eth-keyfile V3) use
///   the bytes as given. ethers NFKC-normalises, so a password that changes under NFKC would
///   differ there.
/// - MAC = keccak256(derivedKey[16..<32] ‖ ciphertext), compared in constant time; a mismatch is
///   `.wrongPassword`. The AES key is derivedKey[0..<16]; the IV is a 128-bit big-endian counter
///   that wraps around (BoringSSL's CTR carries through all 128 bits).
/// - scrypt: see `ScryptKDF` for the legacy out-of-limit parameters Bifrost reads but never writes,
///   and `ScryptParameters.checkAcceptable` for the limits that protect against hostile files.
public enum KeystoreV3 {
    /// Decrypts any V3 file (scrypt or pbkdf2/hmac-sha256, aes-128-ctr); returns the secret bytes (a 32-byte key, a shorter key, or any other secret such as a mnemonic's UTF-8).
    public static func decrypt(json: [UInt8], password: String) throws(KeystoreFileError) -> [UInt8] {
        let file = try KeystoreFile(json: json)
        var passwordBytes = Array(password.utf8)
        defer { passwordBytes.resetBytes() }
        var derived = try file.deriveKey(password: passwordBytes)
        defer { derived.resetBytes() }
        guard ConstantTime.equals(Self.mac(derivedKey: derived, ciphertext: file.ciphertext), file.mac) else {
            throw .wrongPassword
        }
        return try aes128CTR(key: derived, iv: file.iv, file.ciphertext)
    }

    /// Encrypts `secret` with scrypt + AES-128-CTR and a keccak MAC; fresh random salt, IV and UUID; `address` (lowercase, no 0x, as geth writes it) included when given.
    public static func encrypt(secret: [UInt8], password: String, scrypt: ScryptParameters = .standard, address: Address? = nil) throws(KeystoreFileError) -> [UInt8] {
        guard !secret.isEmpty else { throw .invalidParameters("the secret is empty") }
        try scrypt.checkWritable()
        let salt = SecureRandom.bytes(32)
        let iv = SecureRandom.bytes(16)
        var passwordBytes = Array(password.utf8)
        defer { passwordBytes.resetBytes() }
        var derived = try ScryptKDF.deriveKey(
            password: passwordBytes, salt: salt, parameters: scrypt, outputByteCount: KeystoreFile.derivedKeyLength
        )
        defer { derived.resetBytes() }
        let ciphertext = try aes128CTR(key: derived, iv: iv, secret)
        let tag = Self.mac(derivedKey: derived, ciphertext: ciphertext)

        var members: [(key: String, value: JSONValue)] = []
        if let address { members.append((key: "address", value: .string(Hex.encode(address.bytes, prefix: false)))) }
        members.append((key: "crypto", value: .object([
            (key: "cipher", value: .string("aes-128-ctr")),
            (key: "ciphertext", value: .string(Hex.encode(ciphertext, prefix: false))),
            (key: "cipherparams", value: .object([(key: "iv", value: .string(Hex.encode(iv, prefix: false)))])),
            (key: "kdf", value: .string("scrypt")),
            (key: "kdfparams", value: .object([
                (key: "dklen", value: .number(String(KeystoreFile.derivedKeyLength))),
                (key: "n", value: .number(String(scrypt.n))),
                (key: "p", value: .number(String(scrypt.p))),
                (key: "r", value: .number(String(scrypt.r))),
                (key: "salt", value: .string(Hex.encode(salt, prefix: false))),
            ])),
            (key: "mac", value: .string(Hex.encode(tag, prefix: false))),
        ])))
        members.append((key: "id", value: .string(randomUUID())))
        members.append((key: "version", value: .number("3")))
        return Array(JSONWriter.write(.object(members)).utf8)
    }

    /// The `address` field of a keystore file, if present and valid, without decrypting.
    public static func address(json: [UInt8]) -> Address? {
        guard let root = try? KeystoreFile.parseObject(json), let text = root.member("address")?.stringValue else { return nil }
        return try? Address(text)
    }

    // MARK: - Pieces

    /// keccak256(derivedKey[16..<32] ‖ ciphertext).
    static func mac(derivedKey: [UInt8], ciphertext: [UInt8]) -> [UInt8] {
        var k = Keccak256()
        k.update(derivedKey[16..<32])
        k.update(ciphertext)
        return k.finalize()
    }

    /// AES-128-CTR with derivedKey[0..<16] and a full 128-bit big-endian counter starting at `iv`.
    static func aes128CTR(key derivedKey: [UInt8], iv: [UInt8], _ input: [UInt8]) throws(KeystoreFileError) -> [UInt8] {
        do {
            let key = SymmetricKey(data: derivedKey[0..<16])
            let nonce = try AES._CTR.Nonce(nonceBytes: iv)
            return Array(try AES._CTR.encrypt(input, using: key, nonce: nonce))
        } catch {
            throw .kdfFailed("aes-128-ctr: \(error)")
        }
    }

    /// A random (version 4) UUID in lower case, as geth writes the `id` field.
    static func randomUUID() -> String {
        var b = SecureRandom.bytes(16)
        b[6] = (b[6] & 0x0f) | 0x40
        b[8] = (b[8] & 0x3f) | 0x80
        let h = Hex.encode(b, prefix: false)
        let u = Array(h)
        return String(u[0..<8]) + "-" + String(u[8..<12]) + "-" + String(u[12..<16]) + "-" + String(u[16..<20]) + "-" + String(u[20..<32])
    }
}
