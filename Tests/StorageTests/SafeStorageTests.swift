import BigInt
import EthereumKit
import Foundation
import SafeKit
import Storage
import Testing

@Suite("Safe storage")
struct SafeStorageTests {
    static let owners = ["0x1000000000000000000000000000000000000001", "0x2000000000000000000000000000000000000002"].map { try! Address($0) }
    static let address = try! Address("0x9000000000000000000000000000000000000009")
    static let keys = ["ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
                       "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"].map { try! PrivateKey(hex: $0) }

    static func safe(nonce: BigUInt = 0) -> Safe {
        Safe(chainID: 31337, address: address, name: "team", version: "1.4.1", owners: owners, threshold: 2, nonce: nonce, modules: [],
             fallbackHandler: .zero, guardAddress: .zero, updatedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("a Safe round-trips, and saving again updates it in place")
    func safeRoundTrip() async throws {
        let storage = SafeStorage(database: try AppDatabase.inMemory())
        try await storage.save(Self.safe())
        try await storage.save(Self.safe(nonce: 5))
        #expect(try await storage.safes() == [Self.safe(nonce: 5)])
        #expect(try await storage.safe(chainID: 31337, address: Self.address) == Self.safe(nonce: 5))
        #expect(try await storage.safe(chainID: 1, address: Self.address) == nil)
    }

    @Test("a counterfactual Safe keeps its deployment until saved as deployed")
    func undeployedRoundTrip() async throws {
        let storage = SafeStorage(database: try AppDatabase.inMemory())
        let initializer = try SafeContract.setupCall(owners: Self.owners, threshold: 2, fallbackHandler: .zero)
        let deployment = SafeProxyDeployment(factory: Self.owners[0], singleton: Self.owners[1], initializer: initializer, saltNonce: BigUInt(2).power(200))
        let stored = Self.safe()
        let undeployed = Safe(chainID: 31337, address: Self.address, name: "team", version: "1.4.1", owners: Self.owners, threshold: 2, nonce: 0,
                              modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: stored.updatedAt, undeployed: deployment)
        try await storage.save(undeployed)
        let read = try #require(try await storage.safe(chainID: 31337, address: Self.address))
        #expect(read == undeployed && !read.isDeployed && read.undeployed?.initializer == initializer)
        // The chain's reading of the deployed Safe carries no deployment: saving it marks the Safe deployed.
        #expect(!undeployed.sameState(as: stored))
        try await storage.save(stored)
        #expect(try await storage.safe(chainID: 31337, address: Self.address)?.isDeployed == true)
    }

    @Test("a transaction round-trips with its signatures; saving merges new signatures without losing old ones")
    func transactionSignatures() async throws {
        let storage = SafeStorage(database: try AppDatabase.inMemory())
        let tx = SafeTx(safe: Self.address, chainID: 31337, version: .v1_4_1, to: Self.owners[0], value: 7, data: [1, 2], nonce: 3)
        let hash = try tx.hash()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let a = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[0])
        let b = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[1])
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: hash, signatures: [a], status: .queued, executionHash: nil,
                                         summary: "test", createdAt: now, updatedAt: now)
        try await storage.save(entry)
        try await storage.save(entry.with(signatures: [b], updatedAt: now))
        let read = try #require(try await storage.transaction(safeTxHash: hash))
        #expect(read.transaction == tx)
        #expect(Set(read.signatures) == Set([a, b]))
        try await storage.save(read.with(status: .executed, executionHash: [9, 9], updatedAt: now))
        #expect(try await storage.transactions(chainID: 31337, safe: Self.address, status: .queued).isEmpty)
        #expect(try await storage.transactions(chainID: 31337, safe: Self.address).first?.status == .executed)
    }
}
