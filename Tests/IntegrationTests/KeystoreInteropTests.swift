import Foundation
import Services
import Testing

/// A keystore Bifrost writes must open in the reference implementation, Python eth-account.
@Suite("Integration: keystore interop with eth-account",
       .enabled(if: ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"] != nil, "set BIFROST_REFERENCE_PYTHON (scripts/test does)"))
struct KeystoreInteropTests {
    @Test("a key exported by Bifrost decrypts in eth-account to the same address")
    func exportOpensInEthAccount() throws {
        let python = ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"]!
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-interop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = PrivateKey.generate()
        let json = try KeystoreV3.encrypt(secret: key.exportBytes(), password: "interop-pass", scrypt: .light, address: key.address)
        let file = dir.appendingPathComponent("key.json")
        let passwordFile = dir.appendingPathComponent("pw")
        try Data(json).write(to: file)
        try Data("interop-pass".utf8).write(to: passwordFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [repo.appendingPathComponent("scripts/check-keystore-interop.py").path, file.path, passwordFile.path, key.address.checksummed]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(printed.lowercased().contains(key.address.lowercased))
    }
}
