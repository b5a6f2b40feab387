import EthereumKit
import Foundation
import Storage
import Testing

/// Issue 15: five parallel `key import --name dup` left no keystore, because the losers deleted
/// the winner's file while cleaning up. Each connection pool here stands for one process.
@Suite("Key registry")
struct KeyRegistryTests {
    static func account(_ name: String, _ key: PrivateKey) -> Account {
        Account(name: name, address: key.address, kind: .privateKey, derivationPath: nil, createdAt: Date())
    }

    static func keystore(_ vault: KeyVault, _ key: PrivateKey) throws -> [UInt8] {
        try key.withUnsafeBytes { try vault.encrypt(Array($0), password: "pw", address: key.address) }
    }

    @Test("of eight creators of one name on separate connections, exactly one wins and its keystore stays")
    func parallelCreators() async throws {
        // Given one home and eight processes' worth of connections, each with its own key
        let home = KeyVaultTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.url) }
        _ = try AppDatabase.open(home: home)
        let vault = KeyVault(home: home, scrypt: .light)
        let keys = (0..<8).map { _ in PrivateKey.generate() }
        // When all create "dup" at once
        let winners = try await withThrowingTaskGroup(of: PrivateKey?.self) { group in
            for key in keys {
                group.addTask {
                    let registry = KeyRegistry(database: try AppDatabase.open(home: home), vault: vault)
                    let won = try await registry.create(Self.account("dup", key), secrets: [(.privateKey, try Self.keystore(vault, key))])
                    return won ? key : nil
                }
            }
            return try await group.reduce(into: [PrivateKey]()) { if let k = $1 { $0.append(k) } }
        }
        // Then one won, the row names its address, and the file unlocks to its key
        #expect(winners.count == 1)
        let winner = try #require(winners.first)
        let stored = try await AccountStorage(database: try AppDatabase.open(home: home)).all()
        #expect(stored.map(\.name) == ["dup"] && stored.first?.address == winner.address)
        #expect(try vault.load(.privateKey, name: "dup", password: "pw") == winner.exportBytes())
    }

    @Test("a loser leaves the winner's files alone; files a killed creator left without a row are replaced")
    func loserAndOrphans() async throws {
        let home = KeyVaultTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.url) }
        let vault = KeyVault(home: home, scrypt: .light)
        let registry = KeyRegistry(database: try AppDatabase.open(home: home), vault: vault)
        // Given files for "k" with no row, as a creator killed before its commit leaves them
        let orphan = PrivateKey.generate()
        _ = try orphan.withUnsafeBytes { try vault.store(Array($0), kind: .privateKey, name: "k", password: "pw", address: orphan.address) }
        _ = try vault.store(Array("stale phrase".utf8), kind: .mnemonic, name: "k", password: "pw", address: nil)
        // When a creator takes the name
        let first = PrivateKey.generate(), second = PrivateKey.generate()
        #expect(try await registry.create(Self.account("k", first), secrets: [(.privateKey, try Self.keystore(vault, first))]))
        // Then its key replaced the orphan, the stale phrase is gone, and a later creator loses without touching it
        #expect(!vault.contains(.mnemonic, name: "k"))
        #expect(try await !registry.create(Self.account("k", second), secrets: [(.privateKey, try Self.keystore(vault, second))]))
        #expect(try vault.load(.privateKey, name: "k", password: "pw") == first.exportBytes())
        // And removal takes the row and the file together
        #expect(try await registry.remove(name: "k"))
        #expect(!vault.contains(.privateKey, name: "k"))
        #expect(try await AccountStorage(database: try AppDatabase.open(home: home)).all().isEmpty)
        #expect(try await !registry.remove(name: "k"))
    }

    @Test("the database file is 0600 whatever the umask, and an older 0644 file is tightened")
    func databaseMode() throws {
        let home = KeyVaultTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.url) }
        let old = umask(0o022)
        defer { umask(old) }
        _ = try AppDatabase.open(home: home)
        #expect(try KeyVaultTests.mode(home.databaseURL.path) == 0o600)
        chmod(home.databaseURL.path, 0o644)
        _ = try AppDatabase.open(home: home)
        #expect(try KeyVaultTests.mode(home.databaseURL.path) == 0o600)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: home.databaseURL.path + suffix) {
            #expect(try KeyVaultTests.mode(home.databaseURL.path + suffix) == 0o600)
        }
    }
}
