import Foundation
import Services
import Testing

/// A CRLF passphrase file: an older Bifrost derived from the passphrase with its `\r\n`, Bifrost
/// now derives without it; both sets of accounts stay reachable and the difference is told.
@Suite("Passphrase files: what an older Bifrost derived from a CRLF file")
struct PassphraseFileTests {
    static let phrase = try! Mnemonic(phrase: "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong")

    static func file(_ text: String) throws -> SecretReading { try SecretText.reading(Array(text.utf8), from: .file) }

    static func address(_ passphrase: String, index: UInt32 = 0) throws -> Address {
        try AccountDerivation().account(mnemonic: phrase, passphrase: passphrase, path: .ethereum(index: index)).address
    }

    @Test("a CRLF file derives without its \\r\\n, and the notice names the first account under both forms")
    func crlfNotice() throws {
        let now = try PassphraseFile(try Self.file("Sandpiper 5 tide\r\n"))
        #expect(now.passphrase == "Sandpiper 5 tide")
        let notice = try now.notice(mnemonic: Self.phrase, path: .ethereum(index: 2))
        #expect(notice == .legacyPassphrase(keptCRLF: false, path: "m/44'/60'/0'/0/2",
                                            used: try Self.address("Sandpiper 5 tide", index: 2), other: try Self.address("Sandpiper 5 tide\r\n", index: 2)))
        #expect(try Self.address("Sandpiper 5 tide") != (try Self.address("Sandpiper 5 tide\r\n")), "the two forms are different wallets")
    }

    @Test("keepsCRLF derives what an older Bifrost derived from the same file, and the notice says which is which")
    func keepsCRLF() throws {
        let older = try PassphraseFile(try Self.file("Sandpiper 5 tide\r\n"), keepsCRLF: true)
        #expect(older.passphrase == "Sandpiper 5 tide\r\n")
        #expect(try older.notice(mnemonic: Self.phrase, path: .ethereum(index: 0))
                == .legacyPassphrase(keptCRLF: true, path: "m/44'/60'/0'/0/0", used: try Self.address("Sandpiper 5 tide\r\n"),
                                     other: try Self.address("Sandpiper 5 tide")))
    }

    @Test("an LF file, or one without an ending, read the same before: no notice, and keepsCRLF is refused")
    func oneForm() throws {
        for text in ["Sandpiper 5 tide\n", "Sandpiper 5 tide"] {
            #expect(try PassphraseFile(try Self.file(text)).notice(mnemonic: Self.phrase, path: .ethereum(index: 0)) == nil)
            #expect(throws: VaultError.passphraseWithoutCRLF) { try PassphraseFile(try Self.file(text), keepsCRLF: true) }
        }
    }
}
