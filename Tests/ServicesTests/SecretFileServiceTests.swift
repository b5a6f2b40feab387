@testable import Services
import EthereumKit
import Foundation
import Storage
import Synchronization
import Testing

/// The secret files below the front ends: vault keys stored under a password an older reader kept
/// a line ending in still open (the co-signing server's API keys and webhook files:
/// `SecretFileCoSigningTests`).
@Suite("Secret files in Services: legacy vault passwords")
struct SecretFileServiceTests {
    /// A key store on a throwaway home with the light KDF, and its database.
    static func store() throws -> (KeyStore, KeyVault, URL, AppDatabase) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-\(UUID().uuidString)")
        let vault = KeyVault(home: BifrostHome(url: dir), scrypt: .light)
        let database = try AppDatabase.inMemory()
        return (KeyStore(database: database, vault: vault), vault, dir, database)
    }

    /// Key `name` as a Bifrost before the password record left it: its account row and its
    /// secrets under `password`, and nothing said of how that password was read.
    static func storeAsOlderBifrost(name: String, key: PrivateKey, phrase: Mnemonic? = nil, password: String,
                                    database: AppDatabase, vault: KeyVault) async throws {
        try await AccountStorage(database: database).insert(Account(name: name, address: key.address, kind: phrase == nil ? .privateKey : .mnemonic,
                                                                    derivationPath: phrase == nil ? nil : "m/44'/60'/0'/0/0", createdAt: Date()))
        _ = try key.withUnsafeBytes { try vault.store(Array($0), kind: .privateKey, name: name, password: password, address: key.address) }
        if let phrase { _ = try vault.store(Array(phrase.phrase.utf8), kind: .mnemonic, name: name, password: password, address: nil) }
    }

    /// Hardhat/Anvil development account 3: a published throwaway key.
    static let devKey3 = try! PrivateKey(hex: "7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6")

    @Test("a vault key an older Bifrost stored under the password with \\r\\n, \\r or \\n kept opens with the password as read now")
    func legacyVaultPasswords() async throws {
        let (store, vault, dir, database) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, ending) in [("lark", "\r\n"), ("lark2", "\r"), ("lark3", "\n")] {
            try await Self.storeAsOlderBifrost(name: name, key: Self.devKey3, password: "Lark-88 fen" + ending, database: database, vault: vault)
            #expect(try await store.signingKey(name: name, password: "Lark-88 fen").address == Self.devKey3.address, "kept \(Array(ending.utf8))")
            await #expect(throws: KeystoreFileError.wrongPassword) { try await store.signingKey(name: name, password: "Lark-88 fe") }
        }
    }

    @Test("a recovery phrase and an exported keystore under a password with its line ending kept open too")
    func legacyPhraseAndKeystore() async throws {
        let (store, vault, dir, database) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let phrase = try Mnemonic(phrase: "test test test test test test test test test test test junk")
        let key = try AccountDerivation().key(mnemonic: phrase, passphrase: "", path: .ethereum(index: 0))
        try await Self.storeAsOlderBifrost(name: "wren", key: key, phrase: phrase, password: "Wren-4 moss\r", database: database, vault: vault)
        #expect(try await store.mnemonic(name: "wren", password: "Wren-4 moss").phrase == phrase.phrase)
        let exported = try Self.devKey3.withUnsafeBytes { try KeystoreV3.encrypt(secret: Array($0), password: "Wren-4 moss\r\n", scrypt: .light) }
        let crlfFile = try SecretText.reading(Array("Wren-4 moss\r\n".utf8), from: .file)
        #expect(try store.unlockKeystoreFile(json: exported, password: crlfFile).address == Self.devKey3.address)
    }
}

/// What the key store says when only a legacy form of a password opens a key, and how it ends.
@Suite("Legacy vault passwords: the notice, re-encryption, and no second password for a new key")
struct LegacyPasswordNoticeTests {
    final class Heard: Sendable {
        let notices = Mutex<[KeyNotice]>([])
        var all: [KeyNotice] { notices.withLock { $0 } }
    }

    static let devKey3 = SecretFileServiceTests.devKey3

    static func store(_ heard: Heard, database: AppDatabase? = nil, in dir: URL? = nil) throws -> (KeyStore, KeyVault, URL) {
        let dir = dir ?? FileManager.default.temporaryDirectory.appendingPathComponent("legacy-\(UUID().uuidString)")
        let vault = KeyVault(home: BifrostHome(url: dir), scrypt: .light)
        let notices = KeyNotices { notice in heard.notices.withLock { $0.append(notice) } }
        return (KeyStore(database: try database ?? AppDatabase.inMemory(), vault: vault, notices: notices), vault, dir)
    }

    @Test("a legacy form that opens is told once, naming the key and the ending; after re-encrypt nothing is told and the old form no longer opens")
    func noticeOnceThenReencrypt() async throws {
        let heard = Heard(), database = try AppDatabase.inMemory()
        let (store, vault, dir) = try Self.store(heard, database: database)
        defer { try? FileManager.default.removeItem(at: dir) }
        let phrase = try Mnemonic(phrase: "test test test test test test test test test test test junk")
        let key = try AccountDerivation().key(mnemonic: phrase, passphrase: "", path: .ethereum(index: 0))
        try await SecretFileServiceTests.storeAsOlderBifrost(name: "finch", key: key, phrase: phrase, password: "Finch-19 reed\r\n",
                                                             database: database, vault: vault)
        #expect(heard.all.isEmpty)
        for _ in 0..<2 { _ = try await store.signingKey(name: "finch", password: "Finch-19 reed") }
        _ = try await store.mnemonic(name: "finch", password: "Finch-19 reed")
        #expect(heard.all == [.legacyPassword(name: "finch", ending: .crlf)], "once, however often it opens")

        try await store.reencrypt(name: "finch", password: "Finch-19 reed", newPassword: nil)
        let quiet = Heard()
        let (again, _, _) = try Self.store(quiet, database: database, in: dir)
        #expect(try await again.signingKey(name: "finch", password: "Finch-19 reed").address == key.address)
        #expect(try await again.mnemonic(name: "finch", password: "Finch-19 reed").phrase == phrase.phrase)
        #expect(quiet.all.isEmpty)
        await #expect(throws: KeystoreFileError.wrongPassword) { try await again.signingKey(name: "finch", password: "Finch-19 reed\r\n") }
    }

    @Test("re-encrypt under a new password: the old one no longer opens; a new password with a line break is refused")
    func reencryptNewPassword() async throws {
        let (store, _, dir) = try Self.store(Heard())
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try await store.importPrivateKey(name: "tern", key: Self.devKey3, password: "Tern-7 salt")
        await #expect(throws: VaultError.passwordLineBreak) { try await store.reencrypt(name: "tern", password: "Tern-7 salt", newPassword: "Tern-8\nsalt") }
        try await store.reencrypt(name: "tern", password: "Tern-7 salt", newPassword: "Tern-8 salt")
        #expect(try await store.signingKey(name: "tern", password: "Tern-8 salt").address == Self.devKey3.address)
        await #expect(throws: KeystoreFileError.wrongPassword) { try await store.signingKey(name: "tern", password: "Tern-7 salt") }
        await #expect(throws: VaultError.notFound("gull")) { try await store.reencrypt(name: "gull", password: "x", newPassword: nil) }
    }

    @Test("no new key is stored under a password with a line break or U+FFFD, so no legacy form or lossy decoding of one password opens another's key")
    func newPasswordsHaveNoLineBreak() async throws {
        let (store, _, dir) = try Self.store(Heard())
        defer { try? FileManager.default.removeItem(at: dir) }
        for password in ["Tern-7 salt\r\n", "Tern-7 salt\r", "Tern\n7"] {
            await #expect(throws: VaultError.passwordLineBreak) { try await store.importPrivateKey(name: "tern", key: Self.devKey3, password: password) }
        }
        await #expect(throws: VaultError.passwordReplacementCharacter) {
            try await store.importPrivateKey(name: "tern", key: Self.devKey3, password: "\u{FFFD}\u{FFFD}Tern-7")
        }
        _ = try await store.importPrivateKey(name: "tern", key: Self.devKey3, password: "Tern-7 salt")
        await #expect(throws: KeystoreFileError.wrongPassword) { try await store.signingKey(name: "tern", password: "Tern-7 sal") }
    }

    @Test("an exported keystore that opens only under a legacy form tells the notices so")
    func keystoreNotice() throws {
        let heard = Heard()
        let (store, _, dir) = try Self.store(heard)
        defer { try? FileManager.default.removeItem(at: dir) }
        let exported = try Self.devKey3.withUnsafeBytes { try KeystoreV3.encrypt(secret: Array($0), password: "Tern-7 salt\n", scrypt: .light) }
        let variable = try SecretText.reading(Array("Tern-7 salt\n".utf8), from: .variable)
        #expect(try store.unlockKeystoreFile(json: exported, password: variable).address == Self.devKey3.address)
        #expect(heard.all == [.legacyKeystorePassword(ending: .lf)])
    }
}
