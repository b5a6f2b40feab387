import BigInt
@testable import CoSigningPostgres
import CoSigningStorage
import CoSigningTestSupport
import EthereumKit
import Foundation
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

    // The refusal itself, not a pool's "gave up" after its minute of retries: no timing asserted,
    // since a loaded test machine can delay even an immediate refusal.
    @Test("no server listening: opening reports the refused connection itself, with the server named and the password left out")
    func unreachable() async throws {
        let error = await #expect(throws: StorageError.self) {
            try await PostgresCoSigningStorage.open(url: "postgres://bifrost:hunter2@127.0.0.1:1/bifrost")
        }
        #expect(error?.reason.contains("127.0.0.1:1") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("Connection refused") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("hunter2") == false)
    }

    @Test("the list answers as SQLite's does for random filters, orders and pages over ties, executed and replaced rows")
    func listsMatchSQLite() async throws {
        let sqlite = try await CoSigningBackend.sqlite.makeStorage(), postgres = try await CoSigningBackend.postgres.makeStorage()
        var random = SplitMix(seed: 7)
        var hashes: [[UInt8]] = []
        for i in 0..<40 {
            // Few nonces and few instants, so ties in every sort key are common.
            let tx = Shared.tx(nonce: BigUInt(random.next(below: 8)), value: BigUInt(i + 1)), hash = try tx.hash()
            let created = Shared.t0.addingTimeInterval(Double(random.next(below: 5)))
            let signature = try SafeSignature.sign(safeTxHash: hash, with: Shared.keys[random.next(below: 3)])
            let confirmedAt = created.addingTimeInterval(Double(random.next(below: 4)))
            let executed = random.next(below: 5) == 0
            for storage in [sqlite, postgres] {
                _ = try await storage.save(tx, safeTxHash: hash, proposer: Shared.keys[0].address, origin: nil, confirmations: [], at: created)
                _ = try await storage.confirm(hash, with: [signature], at: confirmedAt)
                if executed { _ = try await storage.markExecuted(hash, transactionHash: hash, block: 7, successful: true, at: confirmedAt) }
            }
            hashes.append(hash)
        }
        for storage in [sqlite, postgres] { _ = try await storage.markReplaced(chainID: 31337, safe: Shared.safe, below: 3, at: Shared.t0) }
        for _ in 0..<150 {
            var q = ServedTransactionQuery(chainID: 31337, safe: Shared.safe)
            q.executed = [nil, true, false][random.next(below: 3)]
            q.nonce = (0..<random.next(below: 3)).map { _ in
                let n = BigUInt(random.next(below: 9))
                return [.equal(n), .atLeast(n), .above(n), .atMost(n), .below(n)][random.next(below: 5)]
            }
            q.safeTxHash = random.next(below: 10) == 0 ? hashes[random.next(below: hashes.count)] : nil
            q.order = [.nonce, .created, .modified][random.next(below: 3)]
            q.descending = random.next(below: 2) == 0
            q.limit = random.next(below: 15)
            q.offset = random.next(below: 20)
            let (expected, actual) = (try await sqlite.transactions(q), try await postgres.transactions(q))
            #expect(actual.count == expected.count && actual.page == expected.page, "\(q)")
        }
    }
}

/// A small seeded generator, so a failing comparison can be replayed.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

extension PostgresCoSigningStorageTests {

    @Test("a server that goes away: reads and writes fail within about two seconds, not the pool's minute; when it returns, the same storage works again")
    func serverAway() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../scripts/postgres").standardized.path
        let dir = "/tmp/bifrost-pg-away-\(UUID().uuidString.prefix(8))"
        // The server it starts keeps every inherited descriptor open, so no pipe would ever end: the URL is read from DIR/url.
        func postgres(_ command: String) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: script)
            process.arguments = [command, "--state-dir", dir]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw StorageError("scripts/postgres \(command) failed") }
        }
        try postgres("start")
        let url = try String(contentsOfFile: dir + "/url", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        defer { try? postgres("stop") }
        let storage = try await PostgresCoSigningStorage.open(url: url)
        let tx = Shared.tx(nonce: 2), hash = try tx.hash()
        let saved = try await storage.save(tx, safeTxHash: hash, proposer: Shared.keys[0].address, origin: nil, confirmations: [], at: Shared.t0)

        // The test server commits asynchronously (synchronous_commit=off): its WAL writer needs a moment before a crash keeps the rows.
        try await Task.sleep(for: .milliseconds(1500))
        try postgres("pause")
        let clock = ContinuousClock()
        for attempt in 0..<2 {
            let started = clock.now
            await #expect(throws: StorageError.self) { _ = try await storage.transaction(hash) }
            let other = Shared.tx(nonce: 3)
            await #expect(throws: StorageError.self) {
                _ = try await storage.save(other, safeTxHash: try other.hash(), proposer: Shared.keys[0].address, origin: nil, confirmations: [],
                                           at: Shared.t0)
            }
            let took = clock.now - started
            #expect(took < .seconds(6), "attempt \(attempt): a read and a write failed after \(took), not within about two seconds")
        }

        try postgres("resume")
        var back: SafeTransactionEntry?
        for _ in 0..<60 where back == nil {
            back = try? await storage.transaction(hash)
            if back == nil { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(back == saved, "the storage answers again once the server is back")
        await storage.shutdown()
    }
}
