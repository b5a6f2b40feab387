import BigInt
@testable import CoSigningPostgres
@testable import CoSigningSQLite
import CoSigningStorage
import CoSigningTestSupport
import EthereumKit
import Foundation
import Logging
import PostgresNIO
import SafeKit
@testable import Storage
import Testing

/// Databases written by the release before the wallet and the server shared one Safe transaction
/// entity (commit 3e4272f) open with today's code, every row carried into the shared tables.
@Suite("Migration: databases the 3e4272f release wrote")
struct ReleaseMigrationTests {
    static let keys = CoSigningStorageTests.keys
    static let safe = CoSigningStorageTests.safe
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    /// A copy of the fixture `name` in a fresh folder; the caller removes the folder.
    static func copy(_ name: String, to file: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-release-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fixture = try #require(Bundle.module.url(forResource: name, withExtension: "sqlite", subdirectory: "Fixtures"))
        try FileManager.default.copyItem(at: fixture, to: folder.appendingPathComponent(file))
        return folder
    }

    static func tx(_ nonce: BigUInt) -> SafeTx {
        SafeTx(safe: safe, chainID: 31337, version: .v1_4_1, to: keys[1].address, value: nonce + 1, nonce: nonce)
    }

    @Test("a co-signing file: each transaction with its status, proposer, origin, times and signatures oldest first; Safes, delegates, the block kept")
    func coSigningFile() async throws {
        let folder = try Self.copy("serve-3e4272f", to: "serve.sqlite")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try SQLiteCoSigningStorage(path: folder.appendingPathComponent("serve.sqlite").path)

        let huge = BigUInt(2).power(70)
        let all = try await storage.transactions(ServedTransactionQuery(chainID: 31337, safe: Self.safe)).page
        #expect(all.map(\.transaction.nonce) == [huge, 3, 2, 1, 0], "newest nonce first, the huge one a number")
        #expect(all.map(\.status) == [.queued, .queued, .replaced, .failed, .executed])
        #expect(all.map(\.proposer) == [Self.keys[0].address, Self.keys[2].address, Self.keys[0].address, Self.keys[1].address, Self.keys[0].address])
        let hashes = try all.map { try Self.tx($0.transaction.nonce).hash() }
        #expect(all.map(\.safeTxHash) == hashes, "each key is its fields' hash")

        let executed = try #require(all.last)
        #expect(executed.origin == #"{"url":"https://app"}"# && executed.executionHash == [UInt8](repeating: 0xaa, count: 32))
        #expect(executed.storedSignatures.map(\.signature.owner) == [Self.keys[0].address, Self.keys[1].address])
        #expect(executed.storedSignatures.map(\.addedAt) == [Self.t0, Self.t0.addingTimeInterval(5)])
        #expect(executed.createdAt == Self.t0 && executed.updatedAt == Self.t0.addingTimeInterval(9))
        #expect(executed.storedSignatures.allSatisfy { $0.signature.kind == .ecdsa })
        #expect(all[3].executionHash == [UInt8](repeating: 0xbb, count: 32) && all[3].isSuccessful == false)
        #expect(all[1].signatures.count == 2 && all[0].signatures.isEmpty)

        #expect(try await storage.transactions(ServedTransactionQuery(chainID: 31337, safe: Self.safe, nonce: [.atLeast(3)])).count == 2)
        #expect(try await storage.servedSafes(chainID: 31337).map(\.threshold) == [2])
        #expect(try await storage.delegates(DelegateQuery(chainID: 31337)).page.map(\.label) == ["ops"])
        #expect(try await storage.followedBlock(chainID: 31337) == 1234)
        let fresh = try SQLiteCoSigningStorage()
        for table in ["safeTransaction", "safeSignature"] { #expect(try await storage.describe(table) == (try await fresh.describe(table))) }
        let left = try await storage.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'served%' AND type = 'table'") }
        #expect(left.sorted() == ["servedDeadLetter", "servedDelegate", "servedEvent", "servedOutbox", "servedProposingDelegate", "servedSafe", "servedSafeOwner",
                                  "servedWebhook"],
                "the old transaction tables are gone; the v6 event tables, the v7 dead letters and the v8 proposing delegates are there")

        // And it goes on working: a new owner's confirmation merges into a carried row.
        let third = try SafeSignature.sign(safeTxHash: all[1].safeTxHash, with: Self.keys[1])
        let confirmed = try #require(try await storage.confirm(all[1].safeTxHash, with: [third], at: Self.t0.addingTimeInterval(60)))
        #expect(confirmed.signatures.count == 3 && confirmed.updatedAt == Self.t0.addingTimeInterval(60))
    }

    @Test("a wallet file: the queued transaction with its summary, its ECDSA signature and approved-hash claim, and no proposer")
    func walletFile() async throws {
        let folder = try Self.copy("wallet-3e4272f", to: "bifrost.sqlite")
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try AppDatabase.open(home: BifrostHome(url: folder))
        let entries = try await SafeStorage(database: db).transactions(chainID: 31337, safe: Self.safe)
        let entry = try #require(entries.first)
        let hash = try Self.tx(7).hash()
        #expect(entries.count == 1 && entry.transaction == Self.tx(7) && entry.safeTxHash == hash)
        #expect(entry.summary == "transfer 8 wei" && entry.status == .queued && entry.proposer == nil && entry.origin == nil)
        #expect(Set(entry.signatures.map(\.kind)) == [.ecdsa, .approvedHash])
        #expect(entry.createdAt == Self.t0 && entry.updatedAt == Self.t0.addingTimeInterval(3))
        let fresh = try AppDatabase.inMemory()
        for table in ["safeTransaction", "safeSignature"] { #expect(try await db.describe(table) == (try await fresh.describe(table))) }
    }

    @Test("a PostgreSQL schema at the first version: its flags become one status, its rows read as the SQLite ones do",
          .enabled(if: CoSigningBackend.available.contains(.postgres), "no PostgreSQL server given (scripts/test starts one)"))
    func postgresSchema() async throws {
        let (connection, schema, logger) = try await CoSigningBackend.postgresSchema(migratedTo: 1)
        // Rows as the first schema's storage wrote them.
        let marks: [(BigUInt, String, String?, Bool)] = [(0, "TRUE", "aa", false), (1, "FALSE", "bb", false), (2, "NULL", nil, true), (3, "NULL", nil, false)]
        for (nonce, success, execution, replaced) in marks {
            let tx = Self.tx(nonce), hash = Hex.encode(try tx.hash())
            let executionHash = execution.map { "'0x" + String(repeating: $0, count: 32) + "'" } ?? "NULL"
            try await connection.query(PostgresQuery(unsafeSQL: """
                INSERT INTO served_transaction (safe_tx_hash, chain_id, safe, safe_version, to_address, value, data, operation, safe_tx_gas,
                    base_gas, gas_price, gas_token, refund_receiver, nonce, proposer, origin, created_at, modified_at, execution_hash,
                    is_successful, is_replaced)
                VALUES ('\(hash)', 31337, '\(tx.safe.checksummed)', '1.4.1', '\(tx.to.checksummed)', \(tx.value), '0x', 0, 0, 0, 0,
                    '\(Address.zero.checksummed)', '\(Address.zero.checksummed)', \(nonce), '\(Self.keys[0].address.checksummed)', NULL,
                    \(Self.t0.timeIntervalSince1970 + Double(nonce)), \(Self.t0.timeIntervalSince1970 + 100), \(executionHash), \(success), \(replaced))
                """), logger: logger)
            let signature = try SafeSignature.sign(safeTxHash: try tx.hash(), with: Self.keys[1])
            try await connection.query("""
                INSERT INTO served_confirmation (safe_tx_hash, owner, signature, created_at)
                VALUES (\(hash), \(Self.keys[1].address.checksummed), \(Hex.encode(signature.bytes)), \(Self.t0.timeIntervalSince1970 + 50))
                """, logger: logger)
        }
        try await connection.close()

        let storage = try await CoSigningBackend.openPostgres(schema: schema)
        let all = try await storage.transactions(ServedTransactionQuery(chainID: 31337, safe: Self.safe, descending: false)).page
        #expect(all.map(\.status) == [.executed, .failed, .replaced, .queued])
        #expect(all.map(\.updatedAt) == Array(repeating: Self.t0.addingTimeInterval(100), count: 4))
        #expect(all.allSatisfy { $0.signatures.map(\.owner) == [Self.keys[1].address] && $0.storedSignatures[0].addedAt == Self.t0.addingTimeInterval(50) })
        #expect(all.allSatisfy { $0.proposer == Self.keys[0].address && $0.summary.isEmpty })
        // The first schema's replaced mark still gives way to the chain.
        #expect(try await storage.markExecuted(all[2].safeTxHash, transactionHash: [UInt8](repeating: 0xcc, count: 32), block: 7, successful: true,
                                               at: Self.t0.addingTimeInterval(200)))
        #expect(try await storage.transaction(all[2].safeTxHash)?.status == .executed)
        await storage.shutdown()
    }
}
