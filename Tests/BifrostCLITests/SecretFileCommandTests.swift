@testable import BifrostCLI
import EthereumKit
import Foundation
import Storage
import Testing

/// Secret files through the command line: a password, a passphrase or an API key reads the same
/// whatever its line ending, bytes that are not UTF-8 are refused, and keys stored under a
/// password an older reader kept its line ending in still open, with one warning.
@Suite("Secret files on the command line", .serialized)
struct SecretFileCommandTests {
    /// Hardhat/Anvil development account 2: a published throwaway key.
    static let devKey2 = "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"
    static let devAddress2 = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
    static let password = "Heron-51 quay"

    let home: String
    let lf: String
    let crlf: String
    let keyFile: String

    init() throws {
        setenv("BIFROST_INSECURE_LIGHT_KDF", "1", 1)
        home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-secrets-\(UUID().uuidString)").path
        lf = try Self.file(Array((Self.password + "\n").utf8))
        crlf = try Self.file(Array((Self.password + "\r\n").utf8))
        keyFile = try Self.file(Array(Self.devKey2.utf8))
    }

    static func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-secret-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func bifrost(_ args: String...) async -> CLIResult { await runCLIArray(args + ["--home", home]) }

    func cleanUp(_ more: [String] = []) {
        for path in [home, lf, crlf, keyFile] + more { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Key `name` of dev key 2 as a Bifrost before the password record left it in the home: its
    /// account row and its file under `password`, nothing said of how that password was read.
    func storeAsOlderBifrost(name: String, password: String) async throws {
        let home = BifrostHome(url: URL(fileURLWithPath: self.home))
        let key = try PrivateKey(hex: Self.devKey2)
        try await AccountStorage(database: try AppDatabase.open(home: home))
            .insert(Account(name: name, address: key.address, kind: .privateKey, derivationPath: nil, createdAt: Date()))
        _ = try KeyVault(home: home, scrypt: .light).store(try [UInt8](hex: Self.devKey2), kind: .privateKey, name: name, password: password, address: nil)
    }

    @Test("a key imported with a CRLF password file opens with the LF file, and one imported with LF opens with CRLF")
    func lineEndingsAgree() async throws {
        defer { cleanUp() }
        #expect(await bifrost("key", "import", "--name", "viacrlf", "--private-key-file", keyFile, "--password-file", crlf).code == 0)
        #expect(await bifrost("key", "import", "--name", "vialf", "--private-key-file", keyFile, "--password-file", lf).code == 0)
        for (name, file) in [("viacrlf", lf), ("vialf", crlf), ("viacrlf", crlf), ("vialf", lf)] {
            let signed = await bifrost("sign", "message", "tide", "--key", name, "--password-file", file, "--json")
            #expect(signed.code == 0 && signed.stdout.contains(Self.devAddress2), "\(name) with \(file == lf ? "LF" : "CRLF"): \(signed.err)")
            #expect(signed.err.isEmpty, "a key stored under the password as read now opens without a warning: \(signed.err)")
        }
    }

    @Test("a BIP39 passphrase file gives the same accounts with CRLF or LF line endings")
    func passphraseLineEndings() async throws {
        defer { cleanUp() }
        let phrase = "test test test test test test test test test test test junk"
        let viaLF = await bifrost("key", "derive", "--mnemonic", phrase, "--passphrase-file", lf, "--index", "0")
        let viaCRLF = await bifrost("key", "derive", "--mnemonic", phrase, "--passphrase-file", crlf, "--index", "0")
        let none = await bifrost("key", "derive", "--mnemonic", phrase, "--index", "0")
        #expect(viaLF.code == 0 && viaLF.stdout == viaCRLF.stdout)
        #expect(viaLF.stdout != none.stdout, "the passphrase is used")
    }

    @Test("a password or passphrase file that is not UTF-8 is refused, naming the option, and nothing is stored")
    func notUTF8() async throws {
        let bad = try Self.file([0x54, 0x75, 0x6c, 0xe9, 0x70, 0x2d, 0x33, 0x0a])  // "Tul", a lone 0xE9, "p-3\n"
        defer { cleanUp([bad]) }
        let imported = await bifrost("key", "import", "--name", "latin", "--private-key-file", keyFile, "--password-file", bad)
        #expect(imported.code == 1)
        #expect(imported.err.joined().contains("--password-file") && imported.err.joined().contains("UTF-8"), "\(imported.err)")
        #expect(imported.err.joined().contains("U+FFFD"), "how a key stored from such a file by an older Bifrost still opens")
        let phrase = try Self.file(Array("test test test test test test test test test test test junk".utf8))
        defer { try? FileManager.default.removeItem(atPath: phrase) }
        let derived = await bifrost("key", "new", "--name", "latin2", "--passphrase-file", bad, "--password-file", lf)
        #expect(derived.code == 1 && derived.err.joined().contains("--passphrase-file"), "\(derived.err)")
        #expect(await bifrost("key", "list", "--json").stdout == #"{"keys":[]}"#)
    }

    @Test("a key stored under a password that kept its CRLF opens from the file, CRLF or not, warns once without the password, and re-encrypt ends it")
    func legacyPassword() async throws {
        defer { cleanUp() }
        // What an older Bifrost stored for `--password-file` of a CRLF file: the password with its "\r\n".
        try await storeAsOlderBifrost(name: "heron", password: Self.password + "\r\n")
        let vault = KeyVault(home: BifrostHome(url: URL(fileURLWithPath: home)), scrypt: .light)

        for file in [crlf, lf] {
            let signed = await bifrost("sign", "message", "tide", "--key", "heron", "--password-file", file, "--json")
            #expect(signed.code == 0 && signed.stdout.contains(Self.devAddress2), "\(signed.err)")
            let warnings = signed.err.filter { $0.contains("re-encrypt") }
            #expect(warnings.count == 1, "\(signed.err)")
            #expect(warnings.first?.contains("bifrost key re-encrypt --name heron") == true)
            #expect(!signed.err.joined().contains("Heron"), "the password is never printed")
        }
        let again = await bifrost("key", "re-encrypt", "--name", "heron", "--password-file", crlf)
        #expect(again.code == 0, "\(again.err)")
        let signed = await bifrost("sign", "message", "tide", "--key", "heron", "--password-file", lf, "--json")
        #expect(signed.code == 0 && signed.err.isEmpty, "\(signed.err)")
        #expect(throws: KeystoreFileError.wrongPassword) { try vault.load(.privateKey, name: "heron", password: Self.password + "\r\n") }
        #expect(try vault.load(.privateKey, name: "heron", password: Self.password) == [UInt8](hex: Self.devKey2))
    }

    @Test("BIFROST_PASSWORD from $(cat FILE) of a CRLF file reads as the file does; a key stored under its \\r opens and warns")
    func environmentPassword() async throws {
        defer { cleanUp() }
        #expect(await bifrost("key", "import", "--name", "heron", "--private-key-file", keyFile, "--password-file", lf).code == 0)
        func sign(password: String, key: String = "heron") async throws -> ProcessOutcome {
            var environment = ProcessBifrost.environment
            environment["BIFROST_PASSWORD"] = password
            let child = try ProcessChild(executable: ProcessBifrost.executable,
                                         arguments: ["sign", "message", "tide", "--key", key, "--home", home, "--json"], environment: environment)
            child.release()
            return await child.wait()
        }
        let catted = try await sign(password: Self.password + "\r")
        #expect(catted.status == 0 && catted.stderr.isEmpty, "\(catted.summary)")
        // What an older Bifrost stored for BIFROST_PASSWORD=$(cat FILE) of a CRLF file: the password with its "\r".
        try await storeAsOlderBifrost(name: "egret", password: Self.password + "\r")
        for password in [Self.password + "\r", Self.password] {
            let opened = try await sign(password: password, key: "egret")
            #expect(opened.status == 0 && opened.stdout.contains(Self.devAddress2), "\(opened.summary)")
            #expect(opened.stderrLines.filter { $0.contains("re-encrypt") }.count == 1, "\(opened.summary)")
            #expect(!opened.stderr.contains("Heron"))
        }
    }

    @Test("a password or API key file with a byte order mark is refused, naming the option and saying to save it without the mark; nothing is stored")
    func byteOrderMark() async throws {
        let marked = try Self.file(Array(("\u{FEFF}" + Self.password + "\r\n").utf8))
        let key = try Self.file(Array("\u{FEFF}Kestrel-key-5820-cd\r\n".utf8))
        defer { cleanUp([marked, key]) }
        let imported = await bifrost("key", "import", "--name", "marked", "--private-key-file", keyFile, "--password-file", marked)
        #expect(imported.code == 1)
        let words = imported.err.joined()
        #expect(words.contains("--password-file") && words.contains("byte order mark") && words.contains("without the mark"), "\(imported.err)")
        #expect(!words.contains("Heron"), "the password is never printed")
        #expect(await bifrost("key", "list", "--json").stdout == #"{"keys":[]}"#)
        let options = try ServiceOptions.parse(["--service-url", "http://127.0.0.1:9", "--api-key-file", key])
        #expect(throws: (any Error).self) { try options.endpoint() }
        do { _ = try options.endpoint() } catch {
            #expect("\(error)".contains("--api-key-file") && "\(error)".contains("byte order mark") && !"\(error)".contains("Kestrel"), "\(error)")
        }
    }

    @Test("a CRLF passphrase file: derive says once what an older Bifrost derived, naming both first accounts; --passphrase-keeps-crlf derives those")
    func passphraseCRLFNotice() async throws {
        defer { cleanUp() }
        let phrase = "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong"
        let words = try Mnemonic(phrase: phrase)
        func address(_ passphrase: String, _ index: UInt32) throws -> String {
            let node = try ExtendedKey.master(seed: words.seed(passphrase: passphrase)).derive(try DerivationPath.ethereum(index: index))
            return node.publicKey.address.checksummed
        }
        let now = try address(Self.password, 4), older = try address(Self.password + "\r\n", 4)
        let derived = await bifrost("key", "derive", "--mnemonic", phrase, "--passphrase-file", crlf, "--index", "4", "--count", "2")
        #expect(derived.code == 0 && derived.out.first?.hasSuffix(now) == true, "\(derived)")
        let notes = derived.err.filter { $0.contains("passphrase") }
        #expect(notes.count == 1 && notes[0].contains(now) && notes[0].contains(older) && notes[0].contains("--passphrase-keeps-crlf"), "\(derived.err)")
        #expect(!derived.err.joined().contains("Heron"), "the passphrase is never printed")

        let kept = await bifrost("key", "derive", "--mnemonic", phrase, "--passphrase-file", crlf, "--passphrase-keeps-crlf", "--index", "4")
        #expect(kept.code == 0 && kept.out == ["m/44'/60'/0'/0/4  \(older)"], "\(kept)")
        #expect(kept.err.filter { $0.contains("passphrase") }.count == 1)

        let viaLF = await bifrost("key", "derive", "--mnemonic", phrase, "--passphrase-file", lf, "--index", "4")
        #expect(viaLF.code == 0 && viaLF.out == ["m/44'/60'/0'/0/4  \(now)"] && viaLF.err.isEmpty, "an LF file read so before too: \(viaLF)")
        let refused = await bifrost("key", "derive", "--mnemonic", phrase, "--passphrase-file", lf, "--passphrase-keeps-crlf", "--index", "4")
        #expect(refused.code != 0 && refused.err.joined().contains("--passphrase-keeps-crlf"), "\(refused)")
    }

    @Test("key import of a phrase with a CRLF passphrase file and --passphrase-keeps-crlf stores the account an older Bifrost imported")
    func passphraseCRLFImport() async throws {
        let phraseFile = try Self.file(Array("zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong\n".utf8))
        defer { cleanUp([phraseFile]) }
        let words = try Mnemonic(phrase: "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong")
        let older = try ExtendedKey.master(seed: words.seed(passphrase: Self.password + "\r\n")).derive(try DerivationPath.ethereum(index: 1)).publicKey.address
        let imported = await bifrost("key", "import", "--name", "older", "--mnemonic-file", phraseFile, "--index", "1", "--passphrase-file", crlf,
                                     "--passphrase-keeps-crlf", "--password-file", lf)
        #expect(imported.code == 0 && imported.stdout.contains(older.checksummed), "\(imported)")
        #expect(imported.err.filter { $0.contains("passphrase") }.count == 1, "\(imported.err)")
    }

    @Test("the service client's --api-key-file is read by the same rule: a CRLF key is sent without its line ending")
    func clientAPIKey() throws {
        let key = try Self.file(Array("Zephyr-key-7315-ab\r\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: key) }
        let options = try ServiceOptions.parse(["--service-url", "http://127.0.0.1:9", "--api-key-file", key])
        #expect(try options.endpoint().apiKey == "Zephyr-key-7315-ab")
        let rates = try RatesOptions.parse(["--rates-api-key-file", key])
        #expect(try rates.source().apiKey == "Zephyr-key-7315-ab")
    }
}
