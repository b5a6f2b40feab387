import Foundation
import Networking
import Storage

/// A freshly created wallet and its phrase, which the caller shows once and then drops.
public struct CreatedWallet: Sendable {
    public let account: Account
    public let mnemonic: Mnemonic
}

/// The accounts store: named keys, their encrypted secrets in the vault and their metadata in the
/// database. Everything is validated before anything is written, and the secret is written before
/// the metadata, so a failure or a crash never leaves a listed key without its secret.
public struct KeyStore: Sendable {
    let accounts: AccountStorage
    let vault: KeyVault
    let registry: KeyRegistry
    let now: @Sendable () -> Date
    let notices: KeyNotices
    let decryption: KeystoreDecryption
    let devicePrompts: DevicePrompts
    let ledger: LedgerConnector

    /// A store over `database` and `vault`, telling `notices` what a person should know and
    /// `devicePrompts` what a hardware wallet is about to be asked, opening keystore files with `decryption`,
    /// and reaching a Ledger through `ledger`.
    public init(database: AppDatabase, vault: KeyVault, now: @escaping @Sendable () -> Date = Date.init, notices: KeyNotices = .silent,
                decryption: KeystoreDecryption = .live, devicePrompts: DevicePrompts = .silent, ledger: LedgerConnector = .at(nil)) {
        self.accounts = AccountStorage(database: database)
        self.vault = vault
        self.registry = KeyRegistry(database: database, vault: vault)
        self.now = now
        self.notices = notices
        self.decryption = decryption
        self.devicePrompts = devicePrompts
        self.ledger = ledger
    }

    /// Creates a wallet from a new random phrase; its first account is at `m/44'/60'/0'/0/0`.
    public func createWallet(name: String, wordCount: Int, passphrase: String, password: String) async throws -> CreatedWallet {
        let mnemonic = try BIP39.generate(wordCount: wordCount)
        let account = try await importMnemonic(name: name, mnemonic: mnemonic, passphrase: passphrase, index: 0, password: password)
        return CreatedWallet(account: account, mnemonic: mnemonic)
    }

    /// Imports a recovery phrase and the account at `index`.
    public func importMnemonic(name: String, mnemonic: Mnemonic, passphrase: String, index: UInt32,
                               password: String) async throws -> Account {
        try await checkNew(name, password: password)
        let path = try DerivationPath.ethereum(index: index)
        let key = try AccountDerivation().key(mnemonic: mnemonic, passphrase: passphrase, path: path)
        return try await persist(name: name, key: key, kind: .mnemonic, path: path.description, password: password,
                           mnemonic: mnemonic)
    }

    /// Imports a raw private key.
    public func importPrivateKey(name: String, key: PrivateKey, password: String) async throws -> Account {
        try await checkNew(name, password: password)
        return try await persist(name: name, key: key, kind: .privateKey, path: nil, password: password, mnemonic: nil)
    }

    /// Decrypts a keystore V3 file to its key; call before asking for a vault password so a wrong
    /// keystore password stops the import before anything is asked or stored. A file an older
    /// Bifrost exported under a password with its line ending kept opens too, under the forms
    /// `password`'s reading allows (`LegacyLineEnding.forms(of:)`), and the notices hear of it.
    public func unlockKeystoreFile(json: [UInt8], password: SecretReading) throws -> PrivateKey {
        let (secret, ending) = try LegacyLineEnding.opening(password.text, trying: LegacyLineEnding.forms(of: password)) {
            try decryption.decrypt(json, $0)
        }
        guard let key = try? PrivateKey(bytes: Self.leftPadded(secret)) else { throw VaultError.invalidPrivateKey }
        if let ending { notices.give(.legacyKeystorePassword(ending: ending)) }
        return key
    }

    /// The private key in `text`, as typed or read from a file: hex, with or without 0x, any
    /// surrounding whitespace (a file's final newline) ignored. Every front end reads keys this way.
    public static func privateKey(text: String) throws(VaultError) -> PrivateKey {
        guard let key = try? PrivateKey(hex: text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw .invalidPrivateKey }
        return key
    }

    /// Stores a key that came from a keystore file (see `unlockKeystoreFile`).
    public func importKeystore(name: String, key: PrivateKey, password: String) async throws -> Account {
        try await checkNew(name, password: password)
        return try await persist(name: name, key: key, kind: .keystore, path: nil, password: password, mnemonic: nil)
    }

    /// Every named key, by name.
    public func list() async throws -> [Account] { try await accounts.all() }

    /// The account named `name`.
    public func account(named name: String) async throws -> Account {
        guard let a = try await accounts.account(named: name) else { throw VaultError.notFound(name) }
        return a
    }

    /// The account named `name` when its secret is in the vault: a key on a device has none here
    /// to unlock, show or export (`VaultError.onDevice`), which is said before any password is asked.
    public func vaultAccount(named name: String) async throws -> Account {
        let found = try await account(named: name)
        guard !found.isOnDevice else { throw VaultError.onDevice(name) }
        return found
    }

    /// Unlocks `name`'s signing key with its password.
    public func signingKey(name: String, password: String) async throws -> PrivateKey {
        _ = try await vaultAccount(named: name)
        return try PrivateKey(bytes: try await open(.privateKey, name: name, password: password))
    }

    /// `name`'s key, ready to sign; `password` is asked only for a key in the vault.
    public func signer(name: String, password: @Sendable () throws -> String) async throws -> KeySigner {
        let account = try await account(named: name)
        if account.isOnDevice { return try ledgerSigner(account) }
        let typed = try password()
        // A form that leaves the password empty for a Ledger key leaves it empty for a vault key too: say so, not "wrong password".
        guard !typed.isEmpty else { throw VaultError.emptyPassword }
        return KeySigner(key: try PrivateKey(bytes: try await open(.privateKey, name: name, password: typed)))
    }

    /// A keystore V3 file of `name`'s key that other wallets can read, re-encrypted with
    /// `newPassword` when given, else with the vault password.
    public func exportKeystore(name: String, password: String, newPassword: String?) async throws -> [UInt8] {
        try Self.checkUsable(newPassword ?? password)
        let key = try await signingKey(name: name, password: password)
        return try key.withUnsafeBytes { raw in
            try KeystoreV3.encrypt(secret: Array(raw), password: newPassword ?? password, scrypt: vault.scrypt,
                                   address: key.address)
        }
    }

    /// `name`'s recovery phrase, after its password.
    public func mnemonic(name: String, password: String) async throws -> Mnemonic {
        let account = try await account(named: name)
        guard account.kind == .mnemonic else { throw VaultError.noMnemonic(name) }
        let phrase = try await open(.mnemonic, name: name, password: password)
        return try Mnemonic(phrase: String(decoding: phrase, as: UTF8.self))
    }

    /// Encrypts every secret of `name` again, under `newPassword`, else under `password` as given:
    /// what ends the notice that a key opened only under a legacy form of its password.
    public func reencrypt(name: String, password: String, newPassword: String?) async throws {
        let account = try await vaultAccount(named: name)
        let target = newPassword ?? password
        try Self.checkUsable(target)
        var secrets: [(kind: VaultSecret, keystore: [UInt8])] = []
        for kind in [VaultSecret.mnemonic, .privateKey] where vault.contains(kind, name: name) {
            let secret = try await unlock(kind, name: name, password: password).secret
            secrets.append((kind, try vault.encrypt(secret, password: target, address: kind == .privateKey ? account.address : nil)))
        }
        guard try await registry.replace(name: name, secrets: secrets) else { throw VaultError.notFound(name) }
    }

    /// `name`'s `kind` secret under `password`, else under a legacy form of it (see
    /// `LegacyLineEnding`), which the notices hear of once.
    func open(_ kind: VaultSecret, name: String, password: String) async throws -> [UInt8] {
        let (secret, ending) = try await unlock(kind, name: name, password: password)
        if let ending { notices.give(.legacyPassword(name: name, ending: ending)) }
        return secret
    }

    /// `open` without the notice. Only a key that may be stored under a legacy form is tried under
    /// one (`LegacyLineEnding.forms(of:)`), and what the opening shows is recorded: a key that
    /// opened under the password as read is never tried under another again.
    private func unlock(_ kind: VaultSecret, name: String, password: String) async throws -> (secret: [UInt8], ending: LegacyLineEnding?) {
        let json = try vault.rawFile(kind, name: name)
        let known = try await registry.passwordForm(name: name)
        let (secret, ending) = try LegacyLineEnding.opening(password, trying: LegacyLineEnding.forms(of: known)) {
            try decryption.decrypt(json, $0)
        }
        var shown: KeyPasswordForm?
        if let ending {
            shown = .withEnding(ending.rawValue)
        } else if LegacyLineEnding.isReadForm(password) {
            shown = .asRead
        }
        if let shown, shown != known {
            // The record only spares later openings their legacy tries: failing to write it must not fail this one.
            _ = try? await registry.record(shown, name: name)
        }
        return (secret, ending)
    }

    /// The notices of every key known to open only under a legacy form of its password, by name:
    /// what a front end that was not there when it opened (the dashboard's settings) shows.
    public func legacyPasswordNotices() async throws -> [KeyNotice] {
        try await registry.passwordsWithEndings().compactMap { entry in
            LegacyLineEnding(rawValue: entry.ending).map { KeyNotice.legacyPassword(name: entry.name, ending: $0) }
        }
    }

    /// Deletes `name`'s metadata and secrets.
    public func remove(name: String) async throws {
        guard try await registry.remove(name: name) else { throw VaultError.notFound(name) }
    }

    /// Fails unless `name` is a valid key name that no key uses yet; front ends call it before
    /// asking for passwords, and every create or import checks it again.
    public func checkAvailable(_ name: String) async throws {
        _ = try KeyName.validate(name)
        guard try await accounts.account(named: name) == nil else { throw VaultError.nameTaken(name) }
    }

    private func checkNew(_ name: String, password: String) async throws {
        try await checkAvailable(name)
        try Self.checkUsable(password)
    }

    /// A password new secrets may be encrypted under: not empty; no line break in it, so that no
    /// legacy form of another password (`LegacyLineEnding`) can open a new secret; and no U+FFFD,
    /// which is what a lossy decoder makes of bytes that are not UTF-8, so that two different byte
    /// strings can never have become this one password.
    static func checkUsable(_ password: String) throws(VaultError) {
        guard !password.isEmpty else { throw .emptyPassword }
        guard !password.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else { throw .passwordLineBreak }
        guard !password.unicodeScalars.contains("\u{FFFD}") else { throw .passwordReplacementCharacter }
    }

    private func persist(name: String, key: PrivateKey, kind: AccountKind, path: String?, password: String,
                         mnemonic: Mnemonic?) async throws -> Account {
        let address = key.address
        // scrypt runs before the registry takes the write lock, so parallel creators wait only
        // for each other's file writes, not for each other's key derivation.
        var secrets: [(kind: VaultSecret, keystore: [UInt8])] = []
        if let mnemonic {
            secrets.append((.mnemonic, try vault.encrypt(Array(mnemonic.phrase.utf8), password: password, address: nil)))
        }
        secrets.append((.privateKey, try key.withUnsafeBytes { try vault.encrypt(Array($0), password: password, address: address) }))
        let account = Account(name: name, address: address, kind: kind, derivationPath: path, createdAt: now())
        guard try await registry.create(account, secrets: secrets) else { throw VaultError.nameTaken(name) }
        return account
    }

    /// Old keystores may hold keys shorter than 32 bytes; secp256k1 wants them left-padded.
    static func leftPadded(_ secret: [UInt8]) -> [UInt8] {
        secret.count >= 32 ? secret : [UInt8](repeating: 0, count: 32 - secret.count) + secret
    }
}
