import Foundation
import Testing

/// The key commands against a throwaway home; keystore files use the light KDF to stay fast.
@Suite("bifrost key", .serialized)
struct KeyCommandTests {
    /// The widely published development phrase (Hardhat/Anvil); its account 0 is 0xf39F…2266.
    static let devPhrase = "test test test test test test test test test test test junk"
    static let devAddress0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
    static let devKey0 = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

    let home: String
    let passwordFile: String

    init() throws {
        setenv("BIFROST_INSECURE_LIGHT_KDF", "1", 1)
        home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-cli-\(UUID().uuidString)").path
        passwordFile = try temporaryFile("correct horse battery staple\n")
    }

    func bifrost(_ args: String...) async -> CLIResult {
        await runCLIArray(args + ["--home", home])
    }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: home)
        try? FileManager.default.removeItem(atPath: passwordFile)
    }

    @Test("derive shows the dev phrase's well-known accounts, offline")
    func derive() async throws {
        defer { cleanUp() }
        let r = await bifrost("key", "derive", "--mnemonic", Self.devPhrase, "--index", "0", "--count", "2", "--json")
        #expect(r.stdout == #"{"accounts":[{"path":"m/44'/60'/0'/0/0","address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"},{"path":"m/44'/60'/0'/0/1","address":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8"}]}"#)
        let path = await bifrost("key", "derive", "--mnemonic", "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about", "--path", "m/44h/60h/0h/0/0")
        #expect(path.stdout == "m/44'/60'/0'/0/0  0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
        #expect(!FileManager.default.fileExists(atPath: home), "derive must not touch storage")
        let unknown = await bifrost("key", "derive", "--mnemonic", "test test test test test test test test test test test jnuk", "--index", "0")
        #expect(unknown.code == 1)
        #expect(unknown.err == ["error: word 12 of the recovery phrase is not in the BIP39 English word list"])
        #expect(!unknown.err.joined().contains("jnuk"), "a mistyped secret word must not be echoed")
    }

    @Test("new, import, list, sign with --key, export, show-mnemonic and remove; no secret in clear text on disk")
    func lifecycle() async throws {
        defer { cleanUp() }
        let created = await bifrost("key", "new", "--name", "alice", "--password-file", passwordFile, "--json")
        #expect(created.code == 0)
        let alice = try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any]
        let phrase = try #require(alice?["mnemonic"] as? String)
        #expect(phrase.split(separator: " ").count == 12)
        #expect(alice?["path"] as? String == "m/44'/60'/0'/0/0")

        let phraseFile = try temporaryFile(Self.devPhrase)
        let keyFile = try temporaryFile(Self.devKey0)
        defer { for f in [phraseFile, keyFile] { try? FileManager.default.removeItem(atPath: f) } }
        let imported = await bifrost("key", "import", "--name", "dev", "--mnemonic-file", phraseFile, "--index", "1", "--password-file", passwordFile, "--json")
        #expect(imported.stdout == #"{"name":"dev","address":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","kind":"mnemonic"}"#)
        let raw = await bifrost("key", "import", "--name", "raw", "--private-key-file", keyFile, "--password-file", passwordFile, "--json")
        #expect(raw.stdout == #"{"name":"raw","address":"\#(Self.devAddress0)","kind":"private-key"}"#)
        let dup = await bifrost("key", "import", "--name", "raw", "--private-key-file", keyFile, "--password-file", passwordFile)
        #expect(dup.err == ["error: a key named 'raw' already exists"])

        let list = await bifrost("key", "list", "--json")
        let keys = (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["keys"] as? [[String: Any]]
        #expect(keys?.compactMap { $0["name"] as? String } == ["alice", "dev", "raw"])

        let signed = await bifrost("sign", "message", "hi", "--key", "raw", "--password-file", passwordFile, "--json")
        #expect(signed.code == 0)
        #expect(signed.stdout.contains(#""address":"\#(Self.devAddress0)""#))
        let wrong = try temporaryFile("wrong\n")
        defer { try? FileManager.default.removeItem(atPath: wrong) }
        let denied = await bifrost("sign", "message", "hi", "--key", "raw", "--password-file", wrong)
        #expect(denied.code == 1)
        #expect(denied.err.first?.contains("password") == true)

        let shown = await bifrost("key", "show-mnemonic", "--name", "alice", "--password-file", passwordFile)
        #expect(shown.stdout == phrase)
        let noPhrase = await bifrost("key", "show-mnemonic", "--name", "raw", "--password-file", passwordFile)
        #expect(noPhrase.code == 1)

        let exportPath = home + "-export.json"
        defer { try? FileManager.default.removeItem(atPath: exportPath) }
        let exported = await bifrost("key", "export", "--name", "raw", "--out", exportPath, "--password-file", passwordFile)
        #expect(exported.code == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: exportPath)[.posixPermissions] as? Int) == 0o600)
        let reimported = await bifrost("key", "import", "--name", "again", "--keystore", exportPath, "--keystore-password-file", passwordFile, "--password-file", passwordFile, "--json")
        #expect(reimported.stdout.contains(Self.devAddress0))
        let badKeystore = await bifrost("key", "import", "--name", "never", "--keystore", exportPath, "--keystore-password-file", wrong, "--password-file", passwordFile)
        #expect(badKeystore.code == 1)
        #expect(!((await bifrost("key", "list")).stdout.contains("never")), "a wrong keystore password stores nothing")

        for secret in [phrase, Self.devPhrase, Self.devKey0, "correct horse battery staple"] {
            #expect(try filesUnder(home).allSatisfy { !$0.contains(Data(secret.utf8)) }, "clear text found on disk")
        }

        let removed = await bifrost("key", "remove", "--name", "raw", "--yes")
        #expect(removed.code == 0)
        #expect(!(await bifrost("key", "list")).stdout.contains("raw "))
        let missing = await bifrost("sign", "message", "hi", "--key", "raw", "--password-file", passwordFile)
        #expect(missing.err == ["error: no key named 'raw' (see 'bifrost key list')"])
    }

    @Test("a bad phrase stores nothing")
    func badPhrase() async throws {
        defer { cleanUp() }
        let file = try temporaryFile("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = await bifrost("key", "import", "--name", "x", "--mnemonic-file", file, "--password-file", passwordFile)
        #expect(r.code == 1)
        #expect(r.err.first?.contains("checksum") == true)
        #expect((await bifrost("key", "list", "--json")).stdout == #"{"keys":[]}"#)
    }

    private func filesUnder(_ path: String) throws -> [Data] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var out = [Data]()
        while let rel = enumerator?.nextObject() as? String {
            let full = path + "/" + rel
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue {
                out.append(try Data(contentsOf: URL(fileURLWithPath: full)))
            }
        }
        #expect(!out.isEmpty)
        return out
    }
}
