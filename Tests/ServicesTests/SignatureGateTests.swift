import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Storage
import Testing

/// Issue 38, findings 2 to 6: every confirmation, whatever brings it, passes one gate before it
/// counts, and an owner Safe's contract signature counts once its own owners meet its threshold.
/// Offline here: the node fails every request, so a claim can only be set aside.
@Suite("The signature gate")
struct SignatureGateTests {
    // Anvil dev keys 3-6: public and throwaway.
    static let keys = ["7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
                       "47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
                       "8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
                       "92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e"].map { try! PrivateKey(hex: $0) }
    static let chainID: BigUInt = 31_337
    static let parent = try! Address("0x5a1f00000000000000000000000000000000be11")
    static let child = try! Address("0xc41d000000000000000000000000000000000c41")
    static let other = try! Address("0x07e5000000000000000000000000000000000e75")

    struct Home {
        let services: AppServices
        let storage: SafeStorage
        let network: MockNetwork
        let url: URL
        func cleanUp() { try? FileManager.default.removeItem(at: url) }
        func dispatch<A: StoreAction>(_ action: A) async throws -> A.Output { try await services.dispatcher.dispatch(action) }
    }

    /// A home following a 2-of-2 parent Safe owned by key 0 and a child Safe, the 2-of-2 child
    /// owned by keys 1 and 2, and another 2-of-2 Safe owned by keys 0 and 3; every key imported.
    static func home(version: String = "1.4.1") async throws -> Home {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-gate-\(UUID().uuidString)")
        let network = MockNetwork.failing(with: .unreachable("offline test"))
        let services = try AppServices.open(home: BifrostHome(url: url), lightKDF: true, http: network)
        for (i, key) in keys.enumerated() { _ = try await services.keys.importPrivateKey(name: "key\(i)", key: key, password: "pw") }
        let storage = SafeStorage(database: try AppDatabase.open(home: BifrostHome(url: url)))
        for (address, owners) in [(parent, [keys[0].address, child]), (child, [keys[1].address, keys[2].address]), (other, [keys[0].address, keys[3].address])] {
            try await storage.save(Safe(chainID: chainID, address: address, name: nil, version: version, owners: owners, threshold: 2, nonce: 0,
                                        modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: Date()))
        }
        return Home(services: services, storage: storage, network: network, url: url)
    }

    static func payment(from safe: Address, nonce: BigUInt = 0, version: SafeVersion = .v1_4_1) -> SafeTx {
        SafeTx(safe: safe, chainID: chainID, version: version, to: keys[3].address, value: 1_234, nonce: nonce)
    }

    /// Stores `tx` as queued, as a proposal would.
    static func queue(_ tx: SafeTx, in h: Home) async throws -> SafeTransactionEntry {
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: try tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                         summary: "payment", createdAt: Date(), updatedAt: Date())
        try await h.storage.save(entry)
        return entry
    }

    /// `r = owner, s = 65, v = 0` and `junk`: what anyone can write for any owner.
    static func contractClaim(for owner: Address, hash: [UInt8], junk: [UInt8]) throws -> SafeSignature {
        try SafeSignature(bytes: [UInt8](repeating: 0, count: 12) + owner.bytes + BigUInt(65).word! + [0] + junk, safeTxHash: hash)
    }

    static func message(_ text: String, of safe: Address = parent) -> SafeMessage {
        SafeMessage(safe: safe, chainID: chainID, version: .v1_4_1, content: .text(text))
    }

    @Test("finding 2: a message file's forged contract and approved-hash claims for EOA owners are set aside, not counted; the owner's real signature then completes it")
    func messageImportForgedClaims() async throws {
        let h = try await Self.home()
        defer { h.cleanUp() }
        let message = Self.message("treasury policy v3", of: Self.other)
        let hash = try message.hash()
        let real = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[0])
        for forged in [try Self.contractClaim(for: Self.keys[3].address, hash: hash, junk: Array("not a signature".utf8)),
                       SafeSignature.approvedHash(by: Self.keys[3].address)] {
            // When a file carries owner 0's real signature and a claim for owner 3
            let file = try SafeMessageFile(message: message, signatures: [real, forged])
            let imported = try await h.dispatch(ImportSafeMessage(json: file.json))
            // Then only the real one counts, the claim is named, and no final signature exists
            #expect(imported.detail.count.confirmed == 1 && imported.detail.finalSignature == nil, "\(forged.kind)")
            #expect(imported.setAside.map(\.owner) == [Self.keys[3].address])
            #expect(imported.detail.entry.signatures.map(\.owner) == [Self.keys[0].address])
        }
        // And owner 3's real signature afterwards completes it
        let signed = try await h.dispatch(SignSafeMessage(messageHash: hash, keyName: "key3", password: { "pw" }))
        #expect(signed.count.confirmed == 2 && signed.finalSignature != nil)
    }

    @Test("finding 2: a message file's contract signature for a child Safe this home does not follow is a claim set aside offline")
    func messageImportUnfollowedChild() async throws {
        let h = try await Self.home()
        defer { h.cleanUp() }
        let message = Self.message("unfollowed child")
        let hash = try message.hash()
        let stranger = try Address("0x0bad00000000000000000000000000000000c0de")
        try await h.storage.save(Safe(chainID: Self.chainID, address: Self.parent, name: nil, version: "1.4.1", owners: [Self.keys[0].address, stranger],
                                      threshold: 1, nonce: 0, modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: Date()))
        let claim = SafeSignature.contract(owner: stranger, data: try SafeSignature.sign(safeTxHash: hash, with: Self.keys[3]).bytes)
        let imported = try await h.dispatch(ImportSafeMessage(json: try SafeMessageFile(message: message, signatures: [claim]).json))
        #expect(imported.detail.count.confirmed == 0 && imported.detail.finalSignature == nil)
        guard case .unverifiable? = imported.setAside.first?.reason else { Issue.record("\(imported.setAside)"); return }
    }

    @Test("finding 3: a service listing of Safe A that lists Safe B's transaction is set aside by name, and B's queue stays empty")
    func listingOfAnotherSafe() async throws {
        let h = try await Self.home()
        defer { h.cleanUp() }
        let tx = Self.payment(from: Self.other, nonce: 0)
        let hash = try tx.hash()
        var wire = ServiceWireTransaction(tx, safeTxHash: hash)
        wire.confirmations = try [0, 3].map { ServiceWireConfirmation(try SafeSignature.sign(safeTxHash: hash, with: Self.keys[$0]), submissionDate: nil) }
        h.network.clearFaults()
        h.network.register(path: "/api/v2/safes/\(Self.parent.checksummed)/multisig-transactions/",
                           json: ServiceWirePage(count: 1, next: nil, previous: nil, results: [wire.json(v2: true)]).json)
        let listed = try await h.dispatch(ServiceListSafeTransactions(safe: Self.parent, service: SafeServiceEndpoint(url: URL(string: "https://service.example")!, apiKey: nil),
                                                                      chain: ChainSelection()))
        #expect(listed.transactions.isEmpty && listed.pages == 1)
        #expect(listed.setAside.count == 1 && listed.setAside[0].contains(Hex.encode(hash)) && listed.setAside[0].contains(Self.other.checksummed))
        #expect(try await h.storage.transaction(safeTxHash: hash) == nil)
        #expect(try await h.dispatch(SafeQueueQuery(safe: Self.other, chain: ChainSelection())).entries.isEmpty)
    }

    @Test("finding 4: an owner's unverified approved-hash claim listed before the same owner's real signature does not push it out, in a transaction file and a message file")
    func claimBeforeRealSignature() async throws {
        let h = try await Self.home()
        defer { h.cleanUp() }
        let tx = Self.payment(from: Self.other, nonce: 4)
        let hash = try tx.hash()
        let claim = SafeSignature.approvedHash(by: Self.keys[3].address), real = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[3])
        let imported = try await h.dispatch(ImportSafeTransaction(json: try SafeTransactionFile(transaction: tx, signatures: [claim, real]).json))
        #expect(imported.entry.signatures == [real] && imported.count.confirmed == 1 && imported.setAside.isEmpty)

        let message = Self.message("claim first", of: Self.other)
        let messageHash = try message.hash()
        let realOnMessage = try SafeSignature.sign(safeTxHash: messageHash, with: Self.keys[3])
        let importedMessage = try await h.dispatch(ImportSafeMessage(json: try SafeMessageFile(message: message, signatures: [claim, realOnMessage]).json))
        #expect(importedMessage.detail.entry.signatures == [realOnMessage] && importedMessage.detail.count.confirmed == 1)
    }

    @Test("finding 5: a padded contract signature of a followed child Safe is refused at the gate, naming it; the child's owners then sign for it")
    func paddedContractSignature() async throws {
        let h = try await Self.home()
        defer { h.cleanUp() }
        let tx = Self.payment(from: Self.parent, nonce: 2)
        let hash = try tx.hash()
        let childHash = try ContractSignature.childMessageHash(for: tx, child: Self.child, childVersion: .v1_4_1)
        let inner = try SafeSignature.sign(safeTxHash: childHash, with: Self.keys[1])
        // 65 inner bytes and two more: the chain's checkSignatures would ignore them, and a longer signature wins the merge
        for data in [inner.bytes + [0xbe, 0xef], try SafeSignature.sign(safeTxHash: hash, with: Self.keys[2]).bytes] {
            let padded = SafeSignature.contract(owner: Self.child, data: data)
            let imported = try await h.dispatch(ImportSafeTransaction(json: try SafeTransactionFile(transaction: tx, signatures: [padded]).json))
            #expect(imported.entry.signatures.isEmpty && imported.count.confirmed == 0)
            guard case .malformed(let why)? = imported.setAside.first?.reason, imported.setAside.first?.owner == Self.child else {
                Issue.record("\(imported.setAside)"); continue
            }
            #expect(why.contains(Self.child.checksummed))
        }
        let first = try await h.dispatch(SignForOwnerSafe(safeTxHash: hash, ownerSafe: Self.child, keyName: "key1", password: { "pw" }))
        let second = try await h.dispatch(SignForOwnerSafe(safeTxHash: hash, ownerSafe: Self.child, keyName: "key2", password: { "pw" }))
        #expect(first.entry.signatures.first?.contractData.count == 65 && second.entry.signatures.first?.contractData.count == 130)
    }

    @Test("finding 5: a child Safe's signature padded with approved-hash claims for its owners is refused; one an older release stored is grown by the owner's real signature")
    func childSignatureWithInnerClaims() async throws {
        let h = try await Self.home()
        defer { h.cleanUp() }
        let tx = Self.payment(from: Self.parent, nonce: 3)
        let hash = try tx.hash()
        let claims = SafeSignature.pack([SafeSignature.approvedHash(by: Self.keys[1].address), .approvedHash(by: Self.keys[2].address)])
        let imported = try await h.dispatch(ImportSafeTransaction(json: try SafeTransactionFile(
            transaction: tx, signatures: [SafeSignature.contract(owner: Self.child, data: claims)]).json))
        guard case .malformed(let why)? = imported.setAside.first?.reason else { Issue.record("\(imported.setAside)"); return }
        #expect(why.contains(Self.keys[1].address.checksummed) && imported.entry.signatures.isEmpty)
        // Given the same claim stored as a release before the gate kept it
        let entry = try await Self.queue(tx, in: h)
        try await h.storage.save(entry.with(signatures: [SafeSignature.contract(owner: Self.child, data: claims)], updatedAt: Date()))
        // When owner 1 signs for the child, Then its real signature takes the claim's place
        let signed = try await h.dispatch(SignForOwnerSafe(safeTxHash: hash, ownerSafe: Self.child, keyName: "key1", password: { "pw" }))
        let childHash = try ContractSignature.childMessageHash(for: tx, child: Self.child, childVersion: .v1_4_1)
        let inner = try SafeSignature.parse(packed: try #require(signed.entry.signatures.first).contractData, safeTxHash: childHash)
        #expect(inner.map(\.kind) == [.ecdsa] && inner.map(\.owner) == [Self.keys[1].address])
    }

    @Test("findings 2 and 4: a forged contract claim an older release stored for an EOA owner does not stop that owner signing, a transaction or a message")
    func storedForgedClaimGivesWay() async throws {
        let h = try await Self.home()
        defer { h.cleanUp() }
        let tx = Self.payment(from: Self.other, nonce: 5)
        let entry = try await Self.queue(tx, in: h)
        let forged = try Self.contractClaim(for: Self.keys[3].address, hash: entry.safeTxHash, junk: [1, 2, 3])
        try await h.storage.save(entry.with(signatures: [forged], updatedAt: Date()))
        let signed = try await h.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "key3", password: { "pw" }))
        #expect(signed.entry.signatures.map(\.kind) == [.ecdsa] && signed.count.confirmed == 1)

        let message = Self.message("stored claim", of: Self.other)
        let stored = try SafeMessageEntry(message, proposer: nil, at: Date())
        try await h.storage.save(stored.adding([try Self.contractClaim(for: Self.keys[3].address, hash: try message.hash(), junk: [9])], at: Date()))
        let signedMessage = try await h.dispatch(SignSafeMessage(messageHash: try message.hash(), keyName: "key3", password: { "pw" }))
        #expect(signedMessage.entry.signatures.map(\.kind) == [.ecdsa] && signedMessage.count.confirmed == 1)
    }

    @Test("finding 6: a child Safe's contract signature counts toward the parent only once its inner signatures meet the child's threshold, in the queue, the detail and the count after signing",
          arguments: ["1.3.0", "1.4.1", "1.5.0"])
    func childCountsAtItsThreshold(childVersion: String) async throws {
        let h = try await Self.home(version: childVersion)
        defer { h.cleanUp() }
        let entry = try await Self.queue(Self.payment(from: Self.parent, nonce: 0, version: try #require(SafeVersion(reported: childVersion))), in: h)
        _ = try await h.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "key0", password: { "pw" }))
        let half = try await h.dispatch(SignForOwnerSafe(safeTxHash: entry.safeTxHash, ownerSafe: Self.child, keyName: "key1", password: { "pw" }))
        #expect(half.count.confirmed == 1 && !half.count.isReady && half.count.missing == [Self.child])
        let queue = try await h.dispatch(SafeQueueQuery(safe: Self.parent, chain: ChainSelection()))
        #expect(queue.confirmations(of: try #require(queue.entries.first)).isReady == false)
        #expect(try await h.dispatch(SafeTransactionQuery(safeTxHash: entry.safeTxHash)).confirmations.isReady == false)
        let full = try await h.dispatch(SignForOwnerSafe(safeTxHash: entry.safeTxHash, ownerSafe: Self.child, keyName: "key2", password: { "pw" }))
        #expect(full.count.confirmed == 2 && full.count.isReady)
    }

    @Test("a stranger's signature in a file is set aside by name, and the owners' beside it stay")
    func policies() async throws {
        let h = try await Self.home()
        defer { h.cleanUp() }
        let tx = Self.payment(from: Self.other, nonce: 9)
        let hash = try tx.hash()
        let owner = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[0]), stranger = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[1])
        let imported = try await h.dispatch(ImportSafeTransaction(json: try SafeTransactionFile(transaction: tx, signatures: [owner, stranger]).json))
        #expect(imported.entry.signatures == [owner] && imported.setAside == [SetAsideApproval(owner: Self.keys[1].address, reason: .notAnOwner)])
    }
}
