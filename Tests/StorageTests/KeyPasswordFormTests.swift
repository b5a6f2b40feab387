import EthereumKit
import Foundation
import Storage
import Testing

/// The registry's record of how a key's password reads (`KeyPasswordForm`): none for the keys an
/// older Bifrost stored, `.asRead` for every key stored since, and it goes with its key.
@Suite("Key registry: the form of each key's password")
struct KeyPasswordFormTests {
    static func account(_ name: String, _ key: PrivateKey) -> Account {
        Account(name: name, address: key.address, kind: .privateKey, derivationPath: nil, createdAt: Date())
    }

    @Test("a created key is recorded as read; an opening records what it showed; removing the key removes the record")
    func recorded() async throws {
        let home = KeyVaultTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.url) }
        let vault = KeyVault(home: home, scrypt: .light)
        let registry = KeyRegistry(database: try AppDatabase.open(home: home), vault: vault)
        let key = PrivateKey.generate()
        let file = try key.withUnsafeBytes { try vault.encrypt(Array($0), password: "Shag-30 rock", address: key.address) }
        #expect(try await registry.create(Self.account("shag", key), secrets: [(.privateKey, file)]))
        #expect(try await registry.passwordForm(name: "shag") == .asRead)

        #expect(try await registry.record(.withEnding("\r\n"), name: "shag"))
        #expect(try await registry.passwordForm(name: "shag") == .withEnding("\r\n"))
        #expect(try await registry.passwordsWithEndings().map { "\($0.name) \(Array($0.ending.utf8))" } == ["shag [13, 10]"])
        #expect(try await registry.replace(name: "shag", secrets: [(.privateKey, file)]))
        #expect(try await registry.passwordForm(name: "shag") == .asRead, "re-encrypted: as read")
        #expect(try await registry.passwordsWithEndings().isEmpty)

        #expect(try await !registry.record(.asRead, name: "skua"), "no such key")
        #expect(try await registry.remove(name: "shag"))
        #expect(try await registry.passwordForm(name: "shag") == nil)
        #expect(try await registry.create(Self.account("shag", key), secrets: [(.privateKey, file)]))
        #expect(try await registry.passwordForm(name: "shag") == .asRead)
    }

    @Test("the keys of a database the 0.1.0 release wrote have no record: an older Bifrost may have kept a line ending in their password")
    func olderKeysUnknown() async throws {
        let home = try MigrationFixtureTests.home()
        defer { try? FileManager.default.removeItem(at: home.url) }
        let registry = KeyRegistry(database: try AppDatabase.open(home: home), vault: KeyVault(home: home, scrypt: .light))
        for name in ["alice", "bob"] { #expect(try await registry.passwordForm(name: name) == nil) }
        #expect(try await registry.record(.asRead, name: "alice"))
        #expect(try await registry.passwordForm(name: "alice") == .asRead)
    }
}
