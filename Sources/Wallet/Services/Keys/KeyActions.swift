import Storage

/// An action the key store handles.
public protocol KeyAction: StoreAction where Store == KeyStore {}
extension KeyAction { public static var store: KeyPath<Dispatcher, KeyStore> { \.keys } }

/// The vault's keys, by name.
public struct ListKeys: KeyAction {
    public init() {}
    public func perform(on store: KeyStore) async throws -> [Account] { try await store.list() }
}

/// The key named `name`; `VaultError.notFound` when there is none.
public struct FindKey: KeyAction {
    public let name: String
    public init(name: String) { self.name = name }
    public func perform(on store: KeyStore) async throws -> Account { try await store.account(named: name) }
}

/// The account named `name` when its secret is in the vault; a key on a device is refused with
/// `VaultError.onDevice` before any password is asked for it.
public struct FindVaultKey: KeyAction {
    public let name: String
    public init(name: String) { self.name = name }
    public func perform(on store: KeyStore) async throws -> Account { try await store.vaultAccount(named: name) }
}

/// Succeeds when `name` is a usable name no key has yet, so nothing is asked for in vain.
public struct CheckKeyName: KeyAction {
    public let name: String
    public init(name: String) { self.name = name }
    public func perform(on store: KeyStore) async throws { try await store.checkAvailable(name) }
}

/// Creates a key from a new recovery phrase of `wordCount` words; the result holds the phrase.
public struct CreateKey: KeyAction {
    public let name: String
    public let wordCount: Int
    public let passphrase: String
    public let password: String
    public init(name: String, wordCount: Int, passphrase: String, password: String) {
        self.name = name
        self.wordCount = wordCount
        self.passphrase = passphrase
        self.password = password
    }
    public func perform(on store: KeyStore) async throws -> CreatedWallet {
        try await store.createWallet(name: name, wordCount: wordCount, passphrase: passphrase, password: password)
    }
}

/// Imports a recovery phrase and the account at `index`.
public struct ImportMnemonicKey: KeyAction {
    public let name: String
    public let mnemonic: Mnemonic
    public let passphrase: String
    public let index: UInt32
    public let password: String
    public init(name: String, mnemonic: Mnemonic, passphrase: String, index: UInt32, password: String) {
        self.name = name
        self.mnemonic = mnemonic
        self.passphrase = passphrase
        self.index = index
        self.password = password
    }
    public func perform(on store: KeyStore) async throws -> Account {
        try await store.importMnemonic(name: name, mnemonic: mnemonic, passphrase: passphrase, index: index, password: password)
    }
}

/// Imports a raw private key, or one taken out of a keystore file (`UnlockKeystoreFile`).
public struct ImportPrivateKey: KeyAction {
    public let name: String
    public let key: PrivateKey
    public let fromKeystore: Bool
    public let password: String
    public init(name: String, key: PrivateKey, fromKeystore: Bool = false, password: String) {
        self.name = name
        self.key = key
        self.fromKeystore = fromKeystore
        self.password = password
    }
    public func perform(on store: KeyStore) async throws -> Account {
        await fromKeystore ? try store.importKeystore(name: name, key: key, password: password)
                     : try store.importPrivateKey(name: name, key: key, password: password)
    }
}

/// Decrypts a keystore V3 file to its key, before any vault password is asked, so a wrong
/// keystore password stops an import early. How `password` was read decides which legacy forms
/// of it are tried (`LegacyLineEnding.forms(of:)`).
public struct UnlockKeystoreFile: KeyAction {
    public let json: [UInt8]
    public let password: SecretReading
    public init(json: [UInt8], password: SecretReading) {
        self.json = json
        self.password = password
    }
    public func perform(on store: KeyStore) async throws -> PrivateKey { try store.unlockKeystoreFile(json: json, password: password) }
}

/// Key `name`, ready to sign: `password` is asked only for a key in the vault, not for one on a device.
public struct OpenSigner: KeyAction {
    public let name: String
    public let password: @Sendable () throws -> String
    public init(name: String, password: @escaping @Sendable () throws -> String) {
        self.name = name
        self.password = password
    }
    public func perform(on store: KeyStore) async throws -> KeySigner { try await store.signer(name: name, password: password) }
}

/// The keystore V3 file of key `name`, re-encrypted with `newPassword` when given.
public struct ExportKey: KeyAction {
    public let name: String
    public let password: String
    public let newPassword: String?
    public init(name: String, password: String, newPassword: String?) {
        self.name = name
        self.password = password
        self.newPassword = newPassword
    }
    public func perform(on store: KeyStore) async throws -> [UInt8] {
        try await store.exportKeystore(name: name, password: password, newPassword: newPassword)
    }
}

/// Encrypts key `name`'s secrets again: under `newPassword` when given, else under `password` as
/// read now (what ends the notice that it opened only under a legacy form of its password).
public struct ReencryptKey: KeyAction {
    /// The key's name.
    public let name: String
    /// The key's password as read now; a legacy form of it opens the key too.
    public let password: String
    /// The password to encrypt under instead of `password`; nil keeps `password`.
    public let newPassword: String?
    /// Re-encryption of key `name`, opened with `password`, under `newPassword` or else `password`.
    public init(name: String, password: String, newPassword: String?) {
        self.name = name
        self.password = password
        self.newPassword = newPassword
    }
    public func perform(on store: KeyStore) async throws { try await store.reencrypt(name: name, password: password, newPassword: newPassword) }
}

/// The notices of the keys known to open only under a legacy form of their password
/// (`KeyNotice.legacyPassword`), by name, for a front end to show next to them.
public struct LegacyPasswordNotices: KeyAction {
    /// The notices of every such key.
    public init() {}
    public func perform(on store: KeyStore) async throws -> [KeyNotice] { try await store.legacyPasswordNotices() }
}

/// The recovery phrase key `name` was created from.
public struct ShowMnemonic: KeyAction {
    public let name: String
    public let password: String
    public init(name: String, password: String) {
        self.name = name
        self.password = password
    }
    public func perform(on store: KeyStore) async throws -> Mnemonic { try await store.mnemonic(name: name, password: password) }
}

/// Removes key `name`: its secret and its entry.
public struct RemoveKey: KeyAction {
    public let name: String
    public init(name: String) { self.name = name }
    public func perform(on store: KeyStore) async throws { try await store.remove(name: name) }
}
