import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Storage
import Testing

/// The Safe actions that need no node: signing, file import and export, and merging what a
/// Transaction Service lists. The network is one that fails every request, so any access shows.
@Suite("Safe flows offline")
struct SafeOfflineTests {
    // Hardhat dev keys 0–2: public and throwaway.
    static let keys = ["ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
                       "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
                       "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"].map { try! PrivateKey(hex: $0) }
    static let safeAddress = try! Address("0x1d5e2cb8b3e2df2f1e6f8b34b1a8bc4a9f2bd5e1")
    static let chainID: BigUInt = 11_155_111

    struct Fixture {
        let services: AppServices
        let storage: SafeStorage
        let network: MockNetwork
        let home: URL
        let entry: SafeTransactionEntry
        func cleanUp() { try? FileManager.default.removeItem(at: home) }
    }

    /// A home following a 2-of-2 Safe (keys 0 and 1) with one proposed transaction, and key 2 as an outsider.
    static func fixture() async throws -> Fixture {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-safe-\(UUID().uuidString)")
        let network = MockNetwork.failing(with: .unreachable("offline test"))
        let services = try AppServices.open(home: BifrostHome(url: home), lightKDF: true, http: network)
        for (i, name) in ["owner0", "owner1", "outsider"].enumerated() {
            _ = try await services.keys.importPrivateKey(name: name, key: keys[i], password: "pw")
        }
        let storage = SafeStorage(database: try AppDatabase.open(home: BifrostHome(url: home)))
        let now = Date()
        try await storage.save(Safe(chainID: chainID, address: safeAddress, name: "team", version: "1.4.1", owners: [keys[0].address, keys[1].address],
                              threshold: 2, nonce: 3, modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: now))
        let tx = SafeTx(safe: safeAddress, chainID: chainID, version: .v1_4_1, to: keys[2].address, value: 5, nonce: 3)
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: try tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                         summary: "test", createdAt: now, updatedAt: now)
        try await storage.save(entry)
        return Fixture(services: services, storage: storage, network: network, home: home, entry: entry)
    }

    @Test("an owner signs offline; the confirmation count and threshold come back; signing twice adds nothing")
    func signOffline() async throws {
        let f = try await Self.fixture()
        defer { f.cleanUp() }
        let c = try await f.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: f.entry.safeTxHash, keyName: "owner0", password: { "pw" }))
        #expect(c.signature?.owner == Self.keys[0].address && c.count.confirmed == 1 && c.count.threshold == 2 && c.count.missing == [Self.keys[1].address])
        let again = try await f.services.dispatcher.dispatch(SignSafeTransaction(
            safeTxHash: f.entry.safeTxHash, keyName: "owner0", password: { Issue.record("no password for a repeat"); return "pw" }))
        #expect(again.count.confirmed == 1)
        #expect(f.network.roundTrips == 0)
    }

    @Test("a person signing again with a key that signed is told so, by key and owner; nothing changes")
    func signAgainRefused() async throws {
        let f = try await Self.fixture()
        defer { f.cleanUp() }
        _ = try await f.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: f.entry.safeTxHash, keyName: "owner0", password: { "pw" }))
        await #expect(throws: SafeError.alreadySigned(owner: Self.keys[0].address, key: "owner0")) {
            try await f.services.dispatcher.dispatch(SignSafeTransaction(
                safeTxHash: f.entry.safeTxHash, keyName: "owner0", refuseRepeat: true, password: { Issue.record("asked"); return "pw" }))
        }
        #expect(try await f.storage.transaction(safeTxHash: f.entry.safeTxHash)?.signatures.count == 1)
    }

    @Test("a key that is not an owner is refused before its password is asked")
    func nonOwnerSign() async throws {
        let f = try await Self.fixture()
        defer { f.cleanUp() }
        await #expect(throws: SafeError.notAnOwner(signer: Self.keys[2].address, safe: Self.safeAddress)) {
            try await f.services.dispatcher.dispatch(SignSafeTransaction(
                safeTxHash: f.entry.safeTxHash, keyName: "outsider", password: { Issue.record("asked"); return "pw" }))
        }
        #expect(try await f.storage.transaction(safeTxHash: f.entry.safeTxHash)?.signatures.isEmpty == true)
    }

    @Test("import merges signatures, ignores duplicates, sets a non-owner's signature aside by name, and refuses other chains whole")
    func importMerges() async throws {
        let f = try await Self.fixture()
        defer { f.cleanUp() }
        let s1 = try SafeSignature.sign(safeTxHash: f.entry.safeTxHash, with: Self.keys[1])
        let file = try SafeTransactionFile(transaction: f.entry.transaction, signatures: [s1])
        let first = try await f.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
        #expect(first.added == [Self.keys[1].address] && first.count.confirmed == 1)
        let second = try await f.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
        #expect(second.added.isEmpty && second.count.confirmed == 1)

        let stranger = try SafeSignature.sign(safeTxHash: f.entry.safeTxHash, with: Self.keys[2])
        let mixed = try SafeTransactionFile(transaction: f.entry.transaction, signatures: [stranger, try SafeSignature.sign(safeTxHash: f.entry.safeTxHash, with: Self.keys[0])])
        let merged = try await f.services.dispatcher.dispatch(ImportSafeTransaction(json: mixed.json))
        #expect(merged.added == [Self.keys[0].address] && merged.setAside == [SetAsideApproval(owner: Self.keys[2].address, reason: .notAnOwner)])
        #expect(try await f.storage.transaction(safeTxHash: f.entry.safeTxHash)?.signatures.map(\.owner).sorted() == [Self.keys[0].address, Self.keys[1].address].sorted())

        var elsewhere = f.entry.transaction
        elsewhere.chainID = 1
        let other = try SafeTransactionFile(transaction: elsewhere, signatures: [])
        do {
            _ = try await f.services.dispatcher.dispatch(ImportSafeTransaction(json: other.json))
            Issue.record("a file for chain 1 was imported")
        } catch let error as SafeError {
            #expect(error.description.contains("chain 1") && error.description.contains("chain \(Self.chainID)"))
        }
        #expect(f.network.roundTrips == 0)
    }

    @Test("export then import in another home carries the transaction and its signatures")
    func exportImport() async throws {
        let f = try await Self.fixture(), g = try await Self.fixture()
        defer { f.cleanUp(); g.cleanUp() }
        _ = try await f.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: f.entry.safeTxHash, keyName: "owner0", password: { "pw" }))
        let file = try await f.services.dispatcher.dispatch(ExportSafeTransaction(safeTxHash: f.entry.safeTxHash))
        _ = try await g.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: g.entry.safeTxHash, keyName: "owner1", password: { "pw" }))
        let merged = try await g.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
        #expect(merged.count.confirmed == 2 && merged.entry.signatures.map(\.owner) == [Self.keys[0].address, Self.keys[1].address].sorted())
    }

    @Test("a Transaction Service listing merges its verified owner confirmations into the local queue")
    func serviceListMerges() async throws {
        let f = try await Self.fixture()
        defer { f.cleanUp() }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("NetworkingTests/Fixtures/safes.multisig-transactions.json")
        f.network.clearFaults()
        f.network.register(path: "/api/v2/safes/\(Self.safeAddress.checksummed)/multisig-transactions/",
                           body: [UInt8](try Data(contentsOf: fixture)))
        let listed = try await f.services.dispatcher.dispatch(ServiceListSafeTransactions(
            safe: Self.safeAddress, service: SafeServiceEndpoint(url: URL(string: "https://service.example")!, apiKey: nil),
            chain: ChainSelection()))
        #expect(listed.transactions.count == 2 && listed.setAside.isEmpty)
        // Each is counted against the followed Safe's owners, as execution would count it.
        #expect(listed.transactions.map(\.count.confirmed) == [2, 1] && listed.transactions.map(\.count.isReady) == [true, false])
        #expect(listed.transactions[1].count.missing == [Self.keys[0].address])
        let queued = try await f.storage.transactions(chainID: Self.chainID, safe: Self.safeAddress, status: .queued)
        let fromService = try #require(queued.first { $0.safeTxHash == listed.transactions[0].safeTxHash })
        #expect(fromService.signatures.map(\.owner) == [Self.keys[0].address, Self.keys[1].address].sorted())
    }
}
