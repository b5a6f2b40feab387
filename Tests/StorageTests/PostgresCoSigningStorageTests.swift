import BigInt
import EthereumKit
import Foundation
import PostgresStorage
import SafeKit
import Storage
import Testing

/// What only the PostgreSQL storage has: several servers on one database, and a server that is
/// not there.
@Suite("Co-signing storage on PostgreSQL", .enabled(if: CoSigningBackend.available.contains(.postgres)))
struct PostgresCoSigningStorageTests {
    typealias Shared = CoSigningStorageTests

    @Test("a second storage on the same schema sees every write the first acknowledged, and migrating again changes nothing")
    func sharedSchema() async throws {
        let schema = CoSigningBackend.freshSchema()
        let first = try await CoSigningBackend.openPostgres(schema: schema)
        let tx = Shared.tx(nonce: 4, value: 99), hash = try tx.hash()
        let signature = try SafeSignature.sign(safeTxHash: hash, with: Shared.keys[2])
        let saved = try await first.save(tx, safeTxHash: hash, proposer: Shared.keys[2].address, origin: "x", confirmations: [signature], at: Shared.t0)
        try await first.setFollowedBlock(12, chainID: 31337)
        await first.shutdown()
        let second = try await CoSigningBackend.openPostgres(schema: schema)
        #expect(try await second.transaction(hash) == saved)
        #expect(try await second.followedBlock(chainID: 31337) == 12)
        await second.shutdown()
    }

    @Test("servers opening one new database at once migrate it once")
    func concurrentOpen() async throws {
        let schema = CoSigningBackend.freshSchema()
        let opened = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    let storage = try await CoSigningBackend.openPostgres(schema: schema)
                    await storage.shutdown()
                    return 1
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(opened == 6)
    }

    @Test("no server listening: opening fails quickly with the server named and the password left out")
    func unreachable() async throws {
        let started = ContinuousClock.now
        let error = await #expect(throws: StorageError.self) {
            try await PostgresCoSigningStorage.open(url: "postgres://bifrost:hunter2@127.0.0.1:1/bifrost")
        }
        #expect(error?.reason.contains("127.0.0.1:1") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("hunter2") == false)
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
