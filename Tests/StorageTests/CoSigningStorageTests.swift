import BigInt
import EthereumKit
import Foundation
import SafeKit
import Storage
import Testing

/// What `bifrost serve` keeps: each transaction once, each owner's confirmation once, found by
/// the official service's filters, and all of it there again after the file is reopened.
@Suite("Co-signing storage (SQLite)")
struct CoSigningStorageTests {
    // Hardhat dev keys 0–2: public throwaway keys.
    static let keys = [
        "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
        "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
        "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9ad5ceb3ab82a",
    ].map { try! PrivateKey(hex: $0) }
    static let safe = try! Address("0x00000000000000000000000000000000000005af")
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func tx(nonce: BigUInt, value: BigUInt = 1) -> SafeTx {
        SafeTx(safe: safe, chainID: 31337, version: .v1_4_1, to: keys[1].address, value: value, nonce: nonce)
    }

    @Test("saving again and confirming again change nothing; a new owner's confirmation is added and modifies the transaction")
    func idempotent() async throws {
        let storage = try SQLiteCoSigningStorage()
        let tx = Self.tx(nonce: 0), hash = try tx.hash()
        let first = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[0])
        let saved = try await storage.save(tx, safeTxHash: hash, proposer: Self.keys[0].address, origin: "o", confirmations: [first], at: Self.t0)
        let again = try await storage.save(tx, safeTxHash: hash, proposer: Self.keys[1].address, origin: nil, confirmations: [first],
                                           at: Self.t0.addingTimeInterval(5))
        #expect(again == saved && again.proposer == Self.keys[0].address && again.confirmations.count == 1)
        let second = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[1])
        let confirmed = try #require(try await storage.confirm(hash, with: [second, first], at: Self.t0.addingTimeInterval(10)))
        #expect(confirmed.confirmations.map(\.signature) == [first, second] && confirmed.modifiedAt == Self.t0.addingTimeInterval(10))
        let replay = try #require(try await storage.confirm(hash, with: [second], at: Self.t0.addingTimeInterval(20)))
        #expect(replay == confirmed)
        #expect(try await storage.confirm([UInt8](repeating: 7, count: 32), with: [second], at: Self.t0) == nil)
    }

    @Test("filters, ordering and pages as the official service's: nonce bounds, executed, safeTxHash, newest nonce first")
    func queries() async throws {
        let storage = try SQLiteCoSigningStorage()
        for nonce in 0..<7 {
            let tx = Self.tx(nonce: BigUInt(nonce))
            _ = try await storage.save(tx, safeTxHash: try tx.hash(), proposer: Self.keys[0].address, origin: nil, confirmations: [],
                                       at: Self.t0.addingTimeInterval(Double(10 - nonce)))
        }
        var q = ServedTransactionQuery(chainID: 31337, safe: Self.safe)
        #expect(try await storage.transactions(q).page.map(\.transaction.nonce) == [6, 5, 4, 3, 2, 1, 0])
        q.nonce = [.atLeast(2), .below(5)]
        q.descending = false
        #expect(try await storage.transactions(q).page.map(\.transaction.nonce) == [2, 3, 4])
        q.nonce = []
        q.order = .created
        q.limit = 3
        q.offset = 1
        let page = try await storage.transactions(q)
        #expect(page.count == 7 && page.page.map(\.transaction.nonce) == [5, 4, 3])
        q = ServedTransactionQuery(chainID: 31337, safe: Self.safe, safeTxHash: try Self.tx(nonce: 3).hash())
        #expect(try await storage.transactions(q).page.map(\.transaction.nonce) == [3])
        q = ServedTransactionQuery(chainID: 31337, safe: Self.safe, executed: true)
        #expect(try await storage.transactions(q).count == 0)
        q = ServedTransactionQuery(chainID: 1, safe: Self.safe)
        #expect(try await storage.transactions(q).count == 0, "another chain's list is empty")
        let deleted = try await storage.delete(try Self.tx(nonce: 3).hash())
        let deletedAgain = try await storage.delete(try Self.tx(nonce: 3).hash())
        #expect(deleted && !deletedAgain)
    }

    @Test("a file reopened holds every acknowledged write, 0600")
    func reopen() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let tx = Self.tx(nonce: 4, value: 99), hash = try tx.hash()
        let signature = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[2])
        do {
            let storage = try SQLiteCoSigningStorage(path: path)
            _ = try await storage.save(tx, safeTxHash: hash, proposer: Self.keys[2].address, origin: "x", confirmations: [signature], at: Self.t0)
        }
        let reopened = try SQLiteCoSigningStorage(path: path)
        let stored = try #require(try await reopened.transaction(hash))
        #expect(stored.transaction == tx && stored.confirmations.map(\.signature) == [signature] && stored.origin == "x")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
