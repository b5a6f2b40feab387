import EthereumKit
import Foundation
import Storage
import Testing

@Suite("Key vault")
struct KeyVaultTests {
    static func temporaryHome() -> BifrostHome {
        BifrostHome(url: FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-vault-\(UUID().uuidString)"))
    }

    static func mode(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
    }

    @Test("secrets round-trip through keystore files that are 0600 in a 0700 directory, and hold no clear text")
    func storeAndLoad() throws {
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.url) }
        let vault = KeyVault(home: home, scrypt: .light)
        let key = PrivateKey.generate()
        let url = try key.withUnsafeBytes { try vault.store(Array($0), kind: .privateKey, name: "k", password: "pw", address: key.address) }
        #expect(try Self.mode(url.path) == 0o600)
        #expect(try Self.mode(home.keysDirectory.path) == 0o700)
        #expect(try vault.load(.privateKey, name: "k", password: "pw") == key.exportBytes())
        let stored = try String(contentsOf: url, encoding: .utf8)
        #expect(!stored.contains(Hex.encode(key.exportBytes(), prefix: false)))
        #expect(throws: KeystoreFileError.wrongPassword) { try vault.load(.privateKey, name: "k", password: "nope") }
        try vault.remove(name: "k")
        #expect(!vault.contains(.privateKey, name: "k"))
    }

    @Test("a process killed while rewriting a vault file leaves the old or the new secret, never a broken file")
    func survivesKillMidWrite() async throws {
        let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("VaultCrashProbe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "build the tests first: \(probe.path)")
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.url) }
        let vault = KeyVault(home: home, scrypt: .light)
        let expected: Set<[UInt8]> = [[UInt8](repeating: 0xaa, count: 32), [UInt8](repeating: 0xbb, count: 32)]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let process = Process()
            process.executableURL = probe
            process.arguments = [home.url.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            _ = pipe.fileHandleForReading.availableData
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...120, using: &generator)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let secret = try vault.load(.privateKey, name: "probe", password: "pw")
            #expect(expected.contains(secret), "round \(round): the vault file must hold a whole secret")
        }
    }
}
