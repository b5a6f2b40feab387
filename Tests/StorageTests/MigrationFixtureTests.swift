import BigInt
import EthereumKit
import Foundation
import GRDB
import SafeKit
@testable import Storage
import Testing

/// A database written by the 0.1.0 release opens with today's code, migrated, with every row it held.
@Suite("Migration: a database the 0.1.0 release wrote")
struct MigrationFixtureTests {
    static let safeAddress = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let token = try! Address("0x5FbDB2315678afecb367f032d93F642f64180aa3")

    /// A fresh home holding a copy of the fixture; removed by `cleanUp`.
    static func home() throws -> BifrostHome {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let fixture = try #require(Bundle.module.url(forResource: "release-0.1.0", withExtension: "sqlite", subdirectory: "Fixtures"))
        try FileManager.default.copyItem(at: fixture, to: url.appendingPathComponent("bifrost.sqlite"))
        return BifrostHome(url: url)
    }

    @Test("every row is carried: keys, networks, tokens, sent transactions, the Safe, its transactions by numeric nonce, their signatures, rates")
    func carriesEverything() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home.url) }
        let db = try AppDatabase.open(home: home)

        let accounts = try await AccountStorage(database: db).all()
        #expect(accounts.map(\.name) == ["alice", "bob"])
        #expect(accounts.map(\.kind) == [.mnemonic, .privateKey] && accounts[0].derivationPath == "m/44'/60'/0'/0/0")
        let networks = NetworkStorage(database: db)
        #expect(try await networks.all().map(\.name) == ["local"])
        #expect(try await networks.currentName() == "local")
        #expect(try await networks.network(named: "local")?.contracts.safeVersion == "1.4.1")
        #expect(try await TokenStorage(database: db).tokens(chainID: 31337).map(\.symbol) == ["TT"])
        let sent = try await TransactionStorage(database: db).list()
        #expect(sent.map(\.nonce) == [12] && sent.first?.status == .success && sent.first?.to == Self.token)

        let safes = SafeStorage(database: db)
        let safe = try #require(try await safes.safe(chainID: 31337, address: Self.safeAddress))
        #expect(safe.owners.map(\.checksummed) == ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
                                                  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                                                  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"])
        #expect(safe.modules == [Self.token] && safe.nonce == 9 && safe.threshold == 2 && safe.name == "team")
        let entries = try await safes.transactions(chainID: 31337, safe: Self.safeAddress)
        #expect(entries.map(\.transaction.nonce) == [2, 9, 10])
        #expect(entries.map(\.signatures.count) == [1, 2, 1])
        #expect(entries[1].signatures.map(\.kind) == [.ecdsa, .approvedHash] || entries[1].signatures.map(\.kind) == [.approvedHash, .ecdsa])
        #expect(entries[0].status == .executed && entries[0].executionHash == [UInt8](repeating: 0xbb, count: 32))
        #expect(try await safes.transactions(chainID: 31337, safe: Self.safeAddress, status: .queued).map(\.transaction.nonce) == [9, 10])

        let rates = RateStorage(database: db)
        #expect(try await rates.rate(coin: "ethereum", fiat: "usd")?.price == "3000.5")
        #expect(try await rates.history(coin: "ethereum", fiat: "usd", days: 7)?.points.map(\.price) == ["2900"])

        // The nonces are SQL integers now, and the owners JSON.
        let kinds = try await db.read { db in try String.fetchAll(db, sql: "SELECT typeof(nonce) FROM safeTransaction") }
        #expect(kinds == ["integer", "integer", "integer"])
        let owners = try await db.read { db in try String.fetchOne(db, sql: "SELECT owners FROM safe") }
        #expect(owners?.hasPrefix(#"["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","#) == true)
    }

    @Test("a row that no longer reads is an error naming it, not a row silently left out")
    func unreadableRow() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home.url) }
        let db = try AppDatabase.open(home: home)
        try await db.write { db in try db.execute(sql: #"UPDATE safe SET owners = '["0xnot-an-address"]'"#) }
        let safes = SafeStorage(database: db)
        let error = await #expect(throws: StorageError.self) { try await safes.safes() }
        #expect(error?.reason.contains("the Safe 0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899 on chain 31337") == true)
        try await db.write { db in try db.execute(sql: "UPDATE safeSignature SET signature = '0x12' WHERE rowid = (SELECT min(rowid) FROM safeSignature)") }
        await #expect(throws: StorageError.self) { try await safes.transactions(chainID: 31337, safe: Self.safeAddress) }
    }

    @Test("a nonce the old text column held beyond 63 bits is carried exactly, not rounded to a REAL")
    func legacyHugeNonce() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home.url) }
        let huge = BigUInt(2).power(200) + 7
        for text in [String(huge), "9223372036854775808"] {
            // The file as 0.1.0 left it, edited before today's code opens it.
            let old = try DatabaseQueue(path: home.databaseURL.path)
            try await old.write { db in try db.execute(sql: "UPDATE \"transaction\" SET nonce = ?", arguments: [text]) }
            try old.close()
            let copy = try Self.home()
            defer { try? FileManager.default.removeItem(at: copy.url) }
            try FileManager.default.removeItem(at: copy.databaseURL)
            try FileManager.default.copyItem(at: home.databaseURL, to: copy.databaseURL)
            let db = try AppDatabase.open(home: copy)
            #expect(try await TransactionStorage(database: db).list().map(\.nonce) == [BigUInt(text, radix: 10)!])
        }
    }

    @Test("a nonce beyond 63 bits stays exact and sorts after every smaller one")
    func hugeNonce() async throws {
        let db = try AppDatabase.inMemory()
        let safes = SafeStorage(database: db)
        let huge = BigUInt(2).power(200) + 7
        for nonce in [huge, BigUInt(11), BigUInt(Int64.max)] {
            let tx = SafeTx(safe: Self.safeAddress, chainID: 1, version: .v1_4_1, to: Self.token, value: 0, nonce: nonce)
            try await safes.save(SafeTransactionEntry(transaction: tx, safeTxHash: try tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                                summary: "", createdAt: Date(), updatedAt: Date()))
        }
        #expect(try await safes.transactions(chainID: 1, safe: Self.safeAddress).map(\.transaction.nonce) == [11, BigUInt(Int64.max), huge])
    }
}
