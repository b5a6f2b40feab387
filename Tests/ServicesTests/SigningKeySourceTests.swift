import Services
import Testing

@Suite("Signing key sources")
struct SigningKeySourceTests {
    static let key = "0x4646464646464646464646464646464646464646464646464646464646464646"

    @Test("given one source, that source is chosen; the environment is the fallback")
    func choose() throws {
        #expect(try SigningKeySource.choose(privateKey: "ab", privateKeyFile: nil, environment: [:]) == .hex("ab"))
        #expect(try SigningKeySource.choose(privateKey: nil, privateKeyFile: "f", environment: [:]) == .file("f"))
        #expect(try SigningKeySource.choose(privateKey: nil, privateKeyFile: nil, environment: ["BIFROST_PRIVATE_KEY": "x"]) == .environment)
        #expect(try SigningKeySource.choose(privateKey: "ab", privateKeyFile: nil, environment: ["BIFROST_PRIVATE_KEY": "x"]) == .hex("ab"))
    }

    @Test("no source, or two, is a typed error")
    func chooseErrors() {
        #expect(throws: SigningKeyError.none) { try SigningKeySource.choose(privateKey: nil, privateKeyFile: nil, environment: [:]) }
        #expect(throws: SigningKeyError.ambiguous([.text, .file("b")])) {
            try SigningKeySource.choose(privateKey: "a", privateKeyFile: "b", environment: [:])
        }
    }

    @Test("keys resolve from hex, a file with a trailing newline, and the environment, all to the same address")
    func resolve() throws {
        let files = FileAccess.mock(["key.hex": Array((Self.key + "\n").utf8)])
        let resolver = SigningKeyResolver(files: files, environment: ["BIFROST_PRIVATE_KEY": String(Self.key.dropFirst(2))])
        let expected = try Address("0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F")
        #expect(try resolver.resolve(.hex(Self.key)).address == expected)
        #expect(try resolver.resolve(.file("key.hex")).address == expected)
        #expect(try resolver.resolve(.environment).address == expected)
    }

    @Test("an unreadable file or an invalid key is a typed error that does not echo the key")
    func resolveErrors() {
        let resolver = SigningKeyResolver(files: .failing, environment: [:])
        #expect(throws: SigningKeyError.file(FileAccessError(path: "k", reason: "file access is not allowed here"))) {
            try resolver.resolve(.file("k"))
        }
        let zero = String(repeating: "0", count: 64)
        do {
            _ = try resolver.resolve(.hex(zero))
            Issue.record("a zero key must be refused")
        } catch {
            #expect(error == .invalid(.text))
            #expect(!error.description.contains(zero))
        }
    }

    @Test("a private key as text: hex with or without 0x, surrounding whitespace ignored; anything else is invalidPrivateKey")
    func keyText() throws {
        let expected = try Address("0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F")
        #expect(try KeyStore.privateKey(text: " \(Self.key)\n").address == expected)
        #expect(try KeyStore.privateKey(text: String(Self.key.dropFirst(2))).address == expected)
        #expect(throws: VaultError.invalidPrivateKey) { try KeyStore.privateKey(text: "0x12") }
        #expect(throws: VaultError.invalidPrivateKey) { try KeyStore.privateKey(text: String(repeating: "0", count: 64)) }
    }
}
