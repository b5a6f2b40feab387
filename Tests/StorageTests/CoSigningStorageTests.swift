import BigInt
@testable import CoSigningSQLite
import CoSigningStorage
import CoSigningTestSupport
import EthereumKit
import Foundation
import SafeKit
import Storage
import Testing

/// What `bifrost serve` keeps: each transaction once, each owner's confirmation once, found by
/// the official service's filters, and all of it there again after the file is reopened.
@Suite("Co-signing storage (every backend)")
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

    @Test("a served transaction keeps the summary the wallet would write for it, as saved and as read back",
          arguments: CoSigningBackend.available)
    func summary(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let tx = Self.tx(nonce: 3, value: BigUInt(10).power(16)), hash = try tx.hash()
        let line = "send 0.01 ETH to \(Self.keys[1].address.checksummed)"
        let saved = try await storage.save(tx, safeTxHash: hash, proposer: Self.keys[0].address, origin: nil, confirmations: [], at: Self.t0)
        let read = try #require(try await storage.transaction(hash))
        #expect(saved.summary == line && read.summary == line)
    }

    @Test("a delegate's proposal is kept as its delegator's, with the delegate that sent it; saving again keeps the first sender; deleting takes it along",
          arguments: CoSigningBackend.available)
    func proposingDelegate(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let sent = Self.tx(nonce: 5), own = Self.tx(nonce: 6)
        let delegate = try Address("0x00000000000000000000000000000000000de1e9")
        let saved = try await storage.save(sent, safeTxHash: try sent.hash(), proposer: Self.keys[0].address, proposedByDelegate: delegate, origin: nil,
                                           confirmations: [], at: Self.t0)
        #expect(saved.proposer == Self.keys[0].address)
        _ = try await storage.save(sent, safeTxHash: try sent.hash(), proposer: Self.keys[1].address, proposedByDelegate: Self.keys[2].address,
                                   origin: nil, confirmations: [], at: Self.t0)
        _ = try await storage.save(own, safeTxHash: try own.hash(), proposer: Self.keys[1].address, origin: nil, confirmations: [], at: Self.t0)
        #expect(try await storage.proposingDelegates([try sent.hash(), try own.hash()]) == [try sent.hash(): delegate])
        #expect(try await storage.proposingDelegates([]).isEmpty)
        #expect(try await storage.delete(try sent.hash(), at: Self.t0))
        #expect(try await storage.proposingDelegates([try sent.hash()]).isEmpty)
    }

    @Test("saving again and confirming again change nothing; a new owner's confirmation is added and modifies the transaction",
          arguments: CoSigningBackend.available)
    func idempotent(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let tx = Self.tx(nonce: 0), hash = try tx.hash()
        let first = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[0])
        let saved = try await storage.save(tx, safeTxHash: hash, proposer: Self.keys[0].address, origin: "o", confirmations: [first], at: Self.t0)
        let again = try await storage.save(tx, safeTxHash: hash, proposer: Self.keys[1].address, origin: nil, confirmations: [first],
                                           at: Self.t0.addingTimeInterval(5))
        #expect(again == saved && again.proposer == Self.keys[0].address && again.storedSignatures.count == 1)
        let second = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[1])
        let confirmed = try #require(try await storage.confirm(hash, with: [second, first], at: Self.t0.addingTimeInterval(10)))
        #expect(confirmed.storedSignatures.map(\.signature) == [first, second] && confirmed.updatedAt == Self.t0.addingTimeInterval(10))
        let replay = try #require(try await storage.confirm(hash, with: [second], at: Self.t0.addingTimeInterval(20)))
        #expect(replay == confirmed)
        #expect(try await storage.confirm([UInt8](repeating: 7, count: 32), with: [second], at: Self.t0) == nil)
    }

    @Test("a new proposal is answered exactly as it reads back: two signatures in their order, a time with a fraction of a second",
          arguments: CoSigningBackend.available)
    func answeredAsStored(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let tx = Self.tx(nonce: 3, value: 12_345), hash = try tx.hash()
        let signatures = try [Self.keys[1], Self.keys[0]].map { try SafeSignature.sign(safeTxHash: hash, with: $0) }
        let saved = try await storage.save(tx, safeTxHash: hash, proposer: Self.keys[1].address, origin: #"{"url":"x"}"#, confirmations: signatures,
                                           at: Self.t0.addingTimeInterval(0.123_456))
        #expect(saved.storedSignatures.map(\.signature) == signatures)
        #expect(try await storage.transaction(hash) == saved)
    }

    @Test("filters, ordering and pages as the official service's: nonce bounds, executed, safeTxHash, newest nonce first",
          arguments: CoSigningBackend.available)
    func queries(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
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
        let deleted = try await storage.delete(try Self.tx(nonce: 3).hash(), at: Self.t0)
        let deletedAgain = try await storage.delete(try Self.tx(nonce: 3).hash(), at: Self.t0)
        #expect(deleted && !deletedAgain)
    }

    @Test("executed, failed and replaced marks: the chain's word wins over a replaced mark, and a mark is made once",
          arguments: CoSigningBackend.available)
    func executionMarks(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        var hashes: [[UInt8]] = []
        for (nonce, value) in [(5, 1), (5, 2), (6, 1), (7, 1)] {
            let tx = Self.tx(nonce: BigUInt(nonce), value: BigUInt(value))
            hashes.append(try tx.hash())
            let signed = hashes.count == 1 ? [try SafeSignature.sign(safeTxHash: hashes[0], with: Self.keys[1])] : []
            _ = try await storage.save(tx, safeTxHash: hashes.last!, proposer: Self.keys[0].address, origin: nil, confirmations: signed, at: Self.t0)
        }
        let executedBy = [UInt8](repeating: 0xee, count: 32)
        #expect(try await storage.markExecuted(hashes[0], transactionHash: executedBy, block: 7, successful: true, at: Self.t0.addingTimeInterval(1)))
        #expect(try await !storage.markExecuted(hashes[0], transactionHash: executedBy, block: 7, successful: true, at: Self.t0), "marked once")
        #expect(try await !storage.markExecuted([UInt8](repeating: 1, count: 32), transactionHash: executedBy, block: 7, successful: true, at: Self.t0))
        #expect(try await storage.markReplaced(chainID: 31337, safe: Self.safe, below: 7, at: Self.t0.addingTimeInterval(2)) == 2)
        #expect(try await storage.markReplaced(chainID: 31337, safe: Self.safe, below: 7, at: Self.t0) == 0, "replaced once")
        let executed = try #require(try await storage.transaction(hashes[0]))
        #expect(executed.executionHash == executedBy && executed.isSuccessful == true && executed.status == .executed)
        #expect(executed.updatedAt == Self.t0.addingTimeInterval(1))
        let replaced = try #require(try await storage.transaction(hashes[1]))
        #expect(replaced.status == .replaced && !replaced.isExecuted && replaced.updatedAt == Self.t0.addingTimeInterval(2))
        #expect(try await storage.transaction(hashes[2])?.status == .replaced)
        #expect(try await storage.transaction(hashes[3])?.status == .queued, "nonce 7 is still the Safe's to run")
        // A failed execution of the replaced nonce-6 transaction: the chain ran it after all.
        #expect(try await storage.markExecuted(hashes[2], transactionHash: executedBy, block: 7, successful: false, at: Self.t0.addingTimeInterval(3)))
        let failed = try #require(try await storage.transaction(hashes[2]))
        #expect(failed.isExecuted && failed.isSuccessful == false && failed.status == .failed)
        #expect(try await !storage.delete(hashes[0], at: Self.t0), "an executed transaction is not deleted")
        #expect(try await storage.transaction(hashes[0]) == executed && executed.storedSignatures.count == 1, "nor are its confirmations")
        let pending = try await storage.transactions(ServedTransactionQuery(chainID: 31337, safe: Self.safe, executed: false))
        #expect(Set(pending.page.map(\.safeTxHash)) == [hashes[1], hashes[3]], "replaced is not executed, as the official service lists it")
    }

    @Test("served Safes: replaced when read again, found by any owner, per chain", arguments: CoSigningBackend.available)
    func servedSafes(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let other = try Address("0x00000000000000000000000000000000000007af")
        let owners = Self.keys.map(\.address)
        try await storage.remember(ServedSafe(chainID: 31337, address: Self.safe, owners: owners, threshold: 2, nonce: 3, version: "1.4.1", readAt: Self.t0))
        try await storage.remember(ServedSafe(chainID: 31337, address: other, owners: [owners[2]], threshold: 1, nonce: 0, version: "1.3.0", readAt: Self.t0))
        try await storage.remember(ServedSafe(chainID: 1, address: other, owners: [owners[0]], threshold: 1, nonce: 0, version: "1.3.0", readAt: Self.t0))
        #expect(try await storage.safes(ownedBy: owners[2], chainID: 31337).map(\.address) == [Self.safe, other].sorted { $0.checksummed < $1.checksummed })
        #expect(try await storage.safes(ownedBy: owners[0], chainID: 31337).map(\.address) == [Self.safe])
        let later = ServedSafe(chainID: 31337, address: Self.safe, owners: [owners[1], owners[0]], threshold: 1, nonce: 9, version: "1.4.1",
                               readAt: Self.t0.addingTimeInterval(60))
        try await storage.remember(later)
        #expect(try await storage.safes(ownedBy: owners[2], chainID: 31337).map(\.address) == [other], "an owner removed on chain is gone")
        #expect(try await storage.safes(ownedBy: owners[0], chainID: 31337) == [later], "owners keep the Safe's order")
        #expect(try await storage.servedSafes(chainID: 31337).count == 2)
        #expect(try await storage.servedSafes(chainID: 5).isEmpty)
    }

    @Test("delegates: one per (safe, delegate, delegator), label replaced, filtered, paged, removed for a Safe or everywhere",
          arguments: CoSigningBackend.available)
    func delegates(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let (owner, other, delegate) = (Self.keys[0].address, Self.keys[1].address, Self.keys[2].address)
        let expiry = Self.t0.addingTimeInterval(3600)
        try await storage.saveDelegate(ServedDelegate(chainID: 31337, safe: Self.safe, delegate: delegate, delegator: owner, label: "bot", expiry: nil))
        try await storage.saveDelegate(ServedDelegate(chainID: 31337, safe: Self.safe, delegate: delegate, delegator: owner, label: "bot 2", expiry: expiry))
        try await storage.saveDelegate(ServedDelegate(chainID: 31337, safe: nil, delegate: delegate, delegator: owner, label: "everywhere", expiry: nil))
        try await storage.saveDelegate(ServedDelegate(chainID: 31337, safe: nil, delegate: other, delegator: owner, label: "b", expiry: nil))
        try await storage.saveDelegate(ServedDelegate(chainID: 1, safe: nil, delegate: delegate, delegator: owner, label: "mainnet", expiry: nil))
        let mine = try await storage.delegates(DelegateQuery(chainID: 31337, delegate: delegate))
        #expect(mine.count == 2 && mine.page.map(\.label) == ["bot 2", "everywhere"] && mine.page[0].expiry == expiry && mine.page[1].safe == nil)
        #expect(try await storage.delegates(DelegateQuery(chainID: 31337, safe: Self.safe)).page.map(\.label) == ["bot 2"])
        #expect(try await storage.delegates(DelegateQuery(chainID: 31337, label: "b")).page.map(\.delegate) == [other])
        let page = try await storage.delegates(DelegateQuery(chainID: 31337, delegator: owner, limit: 1, offset: 1))
        #expect(page.count == 3 && page.page.map(\.label) == ["everywhere"])
        #expect(try await storage.removeDelegate(chainID: 31337, delegate: delegate, delegator: owner, safe: Self.safe) == 1)
        #expect(try await storage.removeDelegate(chainID: 31337, delegate: delegate, delegator: other, safe: nil) == 0, "another delegator's")
        try await storage.saveDelegate(ServedDelegate(chainID: 31337, safe: Self.safe, delegate: delegate, delegator: owner, label: "again", expiry: nil))
        #expect(try await storage.removeDelegate(chainID: 31337, delegate: delegate, delegator: owner, safe: nil) == 2, "nil removes for every Safe")
        #expect(try await storage.delegates(DelegateQuery(chainID: 31337, delegate: delegate)).count == 0)
        #expect(try await storage.delegates(DelegateQuery(chainID: 1)).count == 1, "another chain's stay")
    }

    @Test("the follower's block: nil at first, then the last one set, per chain", arguments: CoSigningBackend.available)
    func followedBlock(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        #expect(try await storage.followedBlock(chainID: 31337) == nil)
        try await storage.setFollowedBlock(120, chainID: 31337)
        try await storage.setFollowedBlock(20_000_000_000, chainID: 31337)
        try await storage.setFollowedBlock(7, chainID: 1)
        #expect(try await storage.followedBlock(chainID: 31337) == 20_000_000_000)
        #expect(try await storage.followedBlock(chainID: 1) == 7)
    }

    @Test("the owner index: nominations kept once each, by owner and chain, and its block set, lowered too", arguments: CoSigningBackend.available)
    func ownerIndex(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let owner = PrivateKey.generate().address, other = PrivateKey.generate().address, safes = (0..<3).map { _ in PrivateKey.generate().address }
        #expect(try await storage.ownerIndexBlock(chainID: 31337) == nil)
        #expect(try await storage.nominatedSafes(owner: owner, chainID: 31337).isEmpty)
        try await storage.indexOwners([OwnerNomination(owner: owner, safe: safes[0]), OwnerNomination(owner: other, safe: safes[1])],
                                      through: 100, chainID: 31337)
        try await storage.indexOwners([OwnerNomination(owner: owner, safe: safes[2]), OwnerNomination(owner: owner, safe: safes[0])],
                                      through: 20_000_000_000, chainID: 31337)
        try await storage.indexOwners([OwnerNomination(owner: owner, safe: safes[1])], through: 5, chainID: 1)
        #expect(try await storage.nominatedSafes(owner: owner, chainID: 31337) == [safes[0], safes[2]].sorted { $0.checksummed < $1.checksummed })
        #expect(try await storage.nominatedSafes(owner: other, chainID: 31337) == [safes[1]])
        #expect(try await storage.nominatedSafes(owner: owner, chainID: 1) == [safes[1]], "another chain's are its own")
        #expect(try await storage.ownerIndexBlock(chainID: 31337) == 20_000_000_000)
        try await storage.indexOwners([], through: 90, chainID: 31337)
        #expect(try await storage.ownerIndexBlock(chainID: 31337) == 90, "a rewind lowers the block")
        #expect(try await storage.ownerIndexBlock(chainID: 1) == 5)
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
        #expect(stored.transaction == tx && stored.storedSignatures.map(\.signature) == [signature] && stored.origin == "x")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
