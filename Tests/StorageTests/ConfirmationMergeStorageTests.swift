import BigInt
@testable import CoSigningSQLite
import CoSigningTestSupport
import EthereumKit
import Foundation
import SafeKit
@testable import Storage
import Testing

/// Every storage keeps what `ConfirmationSet`'s rule decides, in one write: the wallet's SQLite,
/// and the co-signing server's SQLite and PostgreSQL.
@Suite("Confirmation merges in every storage")
struct ConfirmationMergeStorageTests {
    static let keys = CoSigningStorageTests.keys
    static let child = try! Address("0x00000000000000000000000000000000000c41d0")
    static let tx = CoSigningStorageTests.tx(nonce: 9)
    static let hash = try! tx.hash()
    static let t0 = CoSigningStorageTests.t0

    /// A claim then the real signature, one key twice, a short contract signature then a longer one.
    static func sequence() throws -> (signatures: [SafeSignature], expected: [Address: [UInt8]]) {
        let realA = try SafeSignature.sign(safeTxHash: hash, with: keys[0])
        let bFirst = try SafeSignature.sign(safeTxHash: hash, with: keys[1])
        let bAgain = try SafeSignature.fromEthSign(try keys[1].sign(digest: PersonalMessage.hash(hash)).rsv, safeTxHash: hash)
        let short = SafeSignature.contract(owner: child, data: [UInt8](repeating: 1, count: 65))
        let long = SafeSignature.contract(owner: child, data: [UInt8](repeating: 2, count: 130))
        return ([bFirst, .approvedHash(by: keys[0].address), realA, short, long, bAgain, .approvedHash(by: keys[1].address), short],
                [keys[0].address: realA.bytes, keys[1].address: bFirst.bytes, child: long.bytes])
    }

    static func entry(_ signatures: [SafeSignature] = []) -> SafeTransactionEntry {
        SafeTransactionEntry(transaction: tx, safeTxHash: hash, signatures: signatures, status: .queued, executionHash: nil, summary: "t",
                             createdAt: t0, updatedAt: t0)
    }

    static func byOwner(_ signatures: [SafeSignature]) -> [Address: [UInt8]] {
        Dictionary(signatures.map { ($0.owner, $0.bytes) }) { first, _ in first }
    }

    @Test("the wallet's storage, one signature at a time, keeps the rule's set and says what changed")
    func wallet() async throws {
        let (sequence, expected) = try Self.sequence()
        let storage = SafeStorage(database: try AppDatabase.inMemory())
        var changes: [Int] = []
        for signature in sequence {
            changes.append(try await storage.merge([signature], into: Self.entry()).changed.count)
        }
        #expect(changes == [1, 1, 1, 1, 1, 0, 0, 0])
        let stored = try #require(try await storage.transaction(safeTxHash: Self.hash))
        #expect(stored.signatures.count == 3 && Self.byOwner(stored.signatures) == expected)
        // Saving an entry read before the upgrades (a status change) keeps the better signatures.
        try await storage.save(Self.entry([.approvedHash(by: Self.keys[0].address)]).with(status: .executed, updatedAt: Self.t0))
        let after = try #require(try await storage.transaction(safeTxHash: Self.hash))
        #expect(after.status == .executed && Self.byOwner(after.signatures) == expected)
    }

    @Test("the co-signing storage, proposed with the first and confirmed with the rest, keeps the same set",
          arguments: CoSigningBackend.available)
    func coSigning(_ backend: CoSigningBackend) async throws {
        let (sequence, expected) = try Self.sequence()
        let storage = try await backend.makeStorage()
        _ = try await storage.save(Self.tx, safeTxHash: Self.hash, proposer: Self.keys[1].address, origin: nil, confirmations: [sequence[0]],
                                   at: Self.t0)
        var modified: [Date] = []
        for (i, signature) in sequence.dropFirst().enumerated() {
            let served = try #require(try await storage.confirm(Self.hash, with: [signature], at: Self.t0.addingTimeInterval(Double(i + 1))))
            modified.append(served.updatedAt)
        }
        let stored = try #require(try await storage.transaction(Self.hash))
        #expect(stored.storedSignatures.count == 3 && Self.byOwner(stored.storedSignatures.map(\.signature)) == expected)
        // Only the merges that changed a confirmation modify the transaction.
        #expect(modified.map { $0.timeIntervalSince(Self.t0) } == [1, 2, 3, 4, 4, 4, 4])
    }

    @Test("the hash is checked when a row is written: fields that do not hash to their key are refused and nothing is stored",
          arguments: CoSigningBackend.available)
    func hashCheckedOnWrite(_ backend: CoSigningBackend) async throws {
        let other = CoSigningStorageTests.tx(nonce: 10)
        let wallet = SafeStorage(database: try AppDatabase.inMemory())
        let forged = SafeTransactionEntry(transaction: other, safeTxHash: Self.hash, signatures: [], status: .queued, executionHash: nil,
                                          summary: "t", createdAt: Self.t0, updatedAt: Self.t0)
        await #expect(throws: StorageError.self) { try await wallet.save(forged) }
        #expect(try await wallet.transaction(safeTxHash: Self.hash) == nil)
        let storage = try await backend.makeStorage()
        await #expect(throws: StorageError.self) {
            try await storage.save(other, safeTxHash: Self.hash, proposer: Self.keys[0].address, origin: nil, confirmations: [], at: Self.t0)
        }
        #expect(try await storage.transaction(Self.hash) == nil)
    }

    @Test("writers in two processes' handles on one wallet file, merging at once, lose nothing and keep the better signature")
    func concurrentWallet() async throws {
        let home = BifrostHome(url: FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: home.url) }
        let handles = [SafeStorage(database: try AppDatabase.open(home: home)), SafeStorage(database: try AppDatabase.open(home: home))]
        let owners = (1...12).map { try! Address("0x" + String(repeating: "0", count: 36) + String(format: "%04x", $0)) }
        let contract = owners.map { SafeSignature.contract(owner: $0, data: [UInt8](repeating: 3, count: 65)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (i, owner) in owners.enumerated() {
                let claimFirst = i.isMultiple(of: 2)
                let pair: [SafeSignature] = claimFirst ? [.approvedHash(by: owner), contract[i]] : [contract[i], .approvedHash(by: owner)]
                for (j, signature) in pair.enumerated() {
                    let storage = handles[(i + j) % 2]
                    group.addTask { _ = try await storage.merge([signature], into: Self.entry()) }
                }
            }
            try await group.waitForAll()
        }
        let stored = try #require(try await handles[0].transaction(safeTxHash: Self.hash))
        #expect(Self.byOwner(stored.signatures) == Self.byOwner(contract), "every owner once, each with the real signature over the claim")
    }
}

/// One definition of a Safe transaction's columns for every table that holds one.
@Suite("Safe transaction tables, defined once")
struct SafeTransactionTablesTests {
    @Test("the wallet's and the server's SQLite databases hold the same two tables, column for column; the PostgreSQL names follow them")
    func sameTables() async throws {
        #expect(SafeTransactionTables.transactionColumns.map(SafeTxColumns.snakeCase) == [
            "safe_tx_hash", "chain_id", "safe", "safe_version", "to_address", "value", "data", "operation", "safe_tx_gas", "base_gas", "gas_price",
            "gas_token", "refund_receiver", "nonce", "status", "execution_hash", "summary", "created_at", "updated_at", "proposer", "origin"])
        let wallet = try AppDatabase.inMemory()
        let served = try SQLiteCoSigningStorage()
        for table in ["safeTransaction", "safeSignature"] {
            let walletColumns = try await wallet.describe(table), servedColumns = try await served.describe(table)
            #expect(walletColumns == servedColumns)
            #expect(walletColumns.map { String($0.prefix { $0 != " " }) }
                    == (table == "safeTransaction" ? SafeTransactionTables.transactionColumns : SafeTransactionTables.signatureColumns))
        }
    }
}
