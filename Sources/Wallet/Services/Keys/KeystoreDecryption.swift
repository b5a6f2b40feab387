import Storage

/// How the key store opens a keystore file under one password: one key derivation (scrypt or
/// PBKDF2) per call. Injected so that a test can count what a wrong password costs.
public struct KeystoreDecryption: Sendable {
    let decrypt: @Sendable (_ json: [UInt8], _ password: String) throws -> [UInt8]

    /// Decryption by `decrypt`, which throws `KeystoreFileError.wrongPassword` for a wrong password.
    public init(decrypt: @escaping @Sendable (_ json: [UInt8], _ password: String) throws -> [UInt8]) {
        self.decrypt = decrypt
    }

    /// Keystore V3 as `KeystoreV3.decrypt` reads it.
    public static let live = KeystoreDecryption { json, password in try KeystoreV3.decrypt(json: json, password: password) }
}
