@testable import Services
import EthereumKit
import Foundation
import Storage
import Synchronization
import Testing

/// What a wrong password costs: legacy forms of a password (`LegacyLineEnding`) are tried only for
/// secrets that may have been encrypted under one, so a key created now, and a keystore file read
/// from a file with no line ending to drop, pay one key derivation, not four.
@Suite("Legacy password forms: tried only where a secret may be stored under one")
struct LegacyPasswordCostTests {
    /// Counts key derivations: each decryption attempt is one.
    final class Derivations: Sendable {
        private let count = Mutex(0)
        var decryption: KeystoreDecryption {
            KeystoreDecryption { json, password in
                self.count.withLock { $0 += 1 }
                return try KeystoreV3.decrypt(json: json, password: password)
            }
        }
        /// The derivations since the last call.
        func taken() -> Int { count.withLock { n in defer { n = 0 }; return n } }
    }

    typealias Heard = LegacyPasswordNoticeTests.Heard

    /// Hardhat/Anvil development account 5: a published throwaway key.
    static let devKey5 = try! PrivateKey(hex: "8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba")

    static func store(_ derivations: Derivations, _ heard: Heard = Heard()) throws -> (KeyStore, KeyVault, AppDatabase, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-cost-\(UUID().uuidString)")
        let vault = KeyVault(home: BifrostHome(url: dir), scrypt: .light)
        let database = try AppDatabase.inMemory()
        let notices = KeyNotices { notice in heard.notices.withLock { $0.append(notice) } }
        return (KeyStore(database: database, vault: vault, notices: notices, decryption: derivations.decryption), vault, database, dir)
    }

    @Test("a key created now refuses a wrong password after one derivation, and opens after one")
    func newKeyOneDerivation() async throws {
        let derivations = Derivations()
        let (store, _, _, dir) = try Self.store(derivations)
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try await store.importPrivateKey(name: "osprey", key: Self.devKey5, password: "Osprey-23 dune")
        let phrase = try Mnemonic(phrase: "legal winner thank year wave sausage worth useful legal winner thank yellow")
        _ = try await store.importMnemonic(name: "plover", mnemonic: phrase, passphrase: "", index: 3, password: "Plover-61 marsh")
        _ = derivations.taken()

        await #expect(throws: KeystoreFileError.wrongPassword) { try await store.signingKey(name: "osprey", password: "Osprey-23 dun") }
        #expect(derivations.taken() == 1)
        await #expect(throws: KeystoreFileError.wrongPassword) { try await store.mnemonic(name: "plover", password: "Plover-61 mars") }
        #expect(derivations.taken() == 1)
        #expect(try await store.signingKey(name: "osprey", password: "Osprey-23 dune").address == Self.devKey5.address)
        #expect(derivations.taken() == 1)
    }

    @Test("an older Bifrost's key under a legacy form opens, warns, is shown as such, and after re-encrypt a wrong password costs one derivation")
    func legacyKeyThenReencrypted() async throws {
        let derivations = Derivations(), heard = Heard()
        let (store, vault, database, dir) = try Self.store(derivations, heard)
        defer { try? FileManager.default.removeItem(at: dir) }
        try await SecretFileServiceTests.storeAsOlderBifrost(name: "stilt", key: Self.devKey5, password: "Stilt-40 ford\r", database: database, vault: vault)

        await #expect(throws: KeystoreFileError.wrongPassword) { try await store.signingKey(name: "stilt", password: "Stilt-40 for") }
        #expect(derivations.taken() == 4, "not known yet: as given, then \\r\\n, \\r and \\n")
        #expect(try await store.signingKey(name: "stilt", password: "Stilt-40 ford").address == Self.devKey5.address)
        #expect(heard.all == [.legacyPassword(name: "stilt", ending: .cr)])
        #expect(try await store.legacyPasswordNotices() == [.legacyPassword(name: "stilt", ending: .cr)], "kept for a front end that was not there")
        _ = derivations.taken()
        await #expect(throws: KeystoreFileError.wrongPassword) { try await store.signingKey(name: "stilt", password: "Stilt-40 for") }
        #expect(derivations.taken() == 2, "known to need \\r: as given, then with \\r")

        try await store.reencrypt(name: "stilt", password: "Stilt-40 ford", newPassword: nil)
        #expect(try await store.legacyPasswordNotices().isEmpty)
        _ = derivations.taken()
        await #expect(throws: KeystoreFileError.wrongPassword) { try await store.signingKey(name: "stilt", password: "Stilt-40 for") }
        #expect(derivations.taken() == 1)
    }

    @Test("an older Bifrost's key that opens with the password as given is recorded so: a wrong password then costs one derivation")
    func olderKeyOpenedAsRead() async throws {
        let derivations = Derivations(), heard = Heard()
        let (store, vault, database, dir) = try Self.store(derivations, heard)
        defer { try? FileManager.default.removeItem(at: dir) }
        try await SecretFileServiceTests.storeAsOlderBifrost(name: "curlew", key: Self.devKey5, password: "Curlew-77 bank", database: database, vault: vault)
        #expect(try await store.signingKey(name: "curlew", password: "Curlew-77 bank").address == Self.devKey5.address)
        _ = derivations.taken()
        await #expect(throws: KeystoreFileError.wrongPassword) { try await store.signingKey(name: "curlew", password: "Curlew-77 ban") }
        #expect(derivations.taken() == 1)
        #expect(heard.all.isEmpty)
        #expect(try await store.legacyPasswordNotices().isEmpty)
    }

    @Test("a keystore file: a wrong password from an LF file, a file without an ending or a bare variable costs one derivation; CRLF two more; typed one more")
    func keystoreFileCost() throws {
        let derivations = Derivations(), heard = Heard()
        let (store, _, _, dir) = try Self.store(derivations, heard)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.devKey5.withUnsafeBytes { try KeystoreV3.encrypt(secret: Array($0), password: "Godwit-12 spit", scrypt: .light) }
        let wrong: [(SecretReading, Int)] = [
            (try SecretText.reading(Array("Godwit-12 spi\n".utf8), from: .file), 1),
            (try SecretText.reading(Array("Godwit-12 spi".utf8), from: .file), 1),
            (try SecretText.reading(Array("Godwit-12 spi".utf8), from: .variable), 1),
            (try SecretText.reading(Array("Godwit-12 spi\n".utf8), from: .variable), 2),
            (try SecretText.reading(Array("Godwit-12 spi\r\n".utf8), from: .file), 3),
            (try SecretText.reading(Array("Godwit-12 spi\r".utf8), from: .variable), 3),
            (.typed("Godwit-12 spi"), 2),
        ]
        for (reading, cost) in wrong {
            #expect(throws: KeystoreFileError.wrongPassword) { try store.unlockKeystoreFile(json: file, password: reading) }
            #expect(derivations.taken() == cost, "\(reading)")
        }
        #expect(heard.all.isEmpty)
    }

    @Test("a keystore file an older Bifrost exported under a CRLF file's password opens from that file, through $(cat FILE), or typed, and says so")
    func legacyKeystoreFile() throws {
        let heard = Heard()
        let (store, _, _, dir) = try Self.store(Derivations(), heard)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.devKey5.withUnsafeBytes { try KeystoreV3.encrypt(secret: Array($0), password: "Godwit-12 spit\r\n", scrypt: .light) }
        for reading in [try SecretText.reading(Array("Godwit-12 spit\r\n".utf8), from: .file),
                        try SecretText.reading(Array("Godwit-12 spit\r".utf8), from: .variable), .typed("Godwit-12 spit")] {
            #expect(try store.unlockKeystoreFile(json: file, password: reading).address == Self.devKey5.address, "\(reading)")
        }
        #expect(heard.all == [.legacyKeystorePassword(ending: .crlf)])
        #expect(throws: KeystoreFileError.wrongPassword, "an LF file read so before too") {
            try store.unlockKeystoreFile(json: file, password: try SecretText.reading(Array("Godwit-12 spit\n".utf8), from: .file))
        }
    }

    @Test("the dispatcher's LegacyPasswordNotices lists the keys that opened only under a legacy form")
    func noticesAction() async throws {
        let (store, vault, database, dir) = try Self.store(Derivations())
        defer { try? FileManager.default.removeItem(at: dir) }
        try await SecretFileServiceTests.storeAsOlderBifrost(name: "dunlin", key: Self.devKey5, password: "Dunlin-9 mud\r\n", database: database, vault: vault)
        #expect(try await LegacyPasswordNotices().perform(on: store).isEmpty, "nothing is known before it opens")
        _ = try await store.signingKey(name: "dunlin", password: "Dunlin-9 mud")
        #expect(try await LegacyPasswordNotices().perform(on: store) == [.legacyPassword(name: "dunlin", ending: .crlf)])
        try await store.remove(name: "dunlin")
        #expect(try await LegacyPasswordNotices().perform(on: store).isEmpty, "the record goes with the key")
    }
}
