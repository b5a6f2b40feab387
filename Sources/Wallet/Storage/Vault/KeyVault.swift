import EthereumKit
import Foundation

/// Which secret of a named key a vault file holds.
public enum VaultSecret: String, Sendable {
    /// The 32-byte signing key (or, for a mnemonic wallet, its derived account key).
    case privateKey = "key"
    /// A mnemonic wallet's recovery phrase (UTF-8), stored so it can be shown again or re-derived.
    case mnemonic
}

/// The Heimdall seed's SecureDataStore: secrets touch the disk only as keystore V3 JSON under
/// `keys/` (0700), one file per secret (0600), written atomically.
public struct KeyVault: Sendable {
    /// The `keys/` directory.
    public let directory: URL
    /// scrypt cost for new files; `.standard` except in tests.
    public let scrypt: ScryptParameters

    /// A vault in `home`'s `keys/` directory.
    public init(home: BifrostHome, scrypt: ScryptParameters = .standard) {
        self.directory = home.keysDirectory
        self.scrypt = scrypt
    }

    /// `secret` encrypted with `password` as keystore V3 JSON, to hand to `KeyRegistry.create`.
    public func encrypt(_ secret: [UInt8], password: String, address: Address?) throws -> [UInt8] {
        try KeystoreV3.encrypt(secret: secret, password: password, scrypt: scrypt, address: address)
    }

    /// Encrypts `secret` with `password` and stores it as `name`'s `kind` secret.
    public func store(_ secret: [UInt8], kind: VaultSecret, name: String, password: String,
                      address: Address?) throws -> URL {
        try prepareDirectory()
        let json = try KeystoreV3.encrypt(secret: secret, password: password, scrypt: scrypt, address: address)
        let url = fileURL(name: name, kind: kind)
        try AtomicFile.replace(url, with: json)
        return url
    }

    /// Decrypts `name`'s `kind` secret; a wrong password is `KeystoreFileError.wrongPassword`.
    public func load(_ kind: VaultSecret, name: String, password: String) throws -> [UInt8] {
        try KeystoreV3.decrypt(json: try rawFile(kind, name: name), password: password)
    }

    /// The encrypted file as stored, e.g. for export without re-encryption.
    public func rawFile(_ kind: VaultSecret, name: String) throws -> [UInt8] {
        let url = fileURL(name: name, kind: kind)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StorageError("the vault has no \(kind == .mnemonic ? "recovery phrase" : "key") for '\(name)'")
        }
        return [UInt8](try Data(contentsOf: url))
    }

    /// Whether `name` has a `kind` secret.
    public func contains(_ kind: VaultSecret, name: String) -> Bool {
        FileManager.default.fileExists(atPath: fileURL(name: name, kind: kind).path)
    }

    /// Deletes every secret of `name`.
    public func remove(name: String) throws {
        try removeFiles(name: name)
    }

    func removeFiles(name: String) throws(StorageError) {
        for kind in [VaultSecret.privateKey, .mnemonic] {
            let url = fileURL(name: name, kind: kind)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            do { try FileManager.default.removeItem(at: url) } catch {
                throw StorageError("cannot remove \(url.path): \(error.localizedDescription)")
            }
        }
        AtomicFile.syncDirectory(directory.path)
    }

    /// `keys/<name>.<kind>.json`. Names are validated by `KeyName` before they get here.
    func fileURL(name: String, kind: VaultSecret) -> URL {
        directory.appendingPathComponent("\(name).\(kind.rawValue).json")
    }

    func prepareDirectory() throws(StorageError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        } catch {
            throw StorageError("cannot prepare \(directory.path): \(error.localizedDescription)")
        }
    }
}
