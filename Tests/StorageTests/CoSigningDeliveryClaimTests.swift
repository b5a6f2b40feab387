import BigInt
import CoSigningStorage
import CoSigningTestSupport
import Foundation
import Storage
import Testing

/// Servers sharing one database claim the webhooks' deliveries before sending them, so each event
/// goes out once: a claim holds until its lease runs out or it is given back, on every backend.
@Suite("Co-signing storage: deliveries claimed from the outbox (every backend)")
struct CoSigningDeliveryClaimTests {
    static let safe = CoSigningStorageTests.safe
    static let t0 = CoSigningStorageTests.t0
    static let hook = "https://claims.example/hook"

    /// `count` new events queued for `hook`; answers their IDs, oldest first.
    static func queue(_ count: Int, on storage: any CoSigningStorage, tag: String = UUID().uuidString) async throws -> [Int64] {
        try await storage.setWebhooks([hook])
        let events = (0..<count).map { ServedEvent(.outgoingEther, chainID: 137, safe: safe, value: BigUInt($0 + 1), dedupKey: "\(tag):\($0)", at: t0) }
        #expect(try await storage.appendEvents(events) == count)
        return try await storage.events(after: 0, limit: 1_000).map(\.id)
    }

    @Test("a claim takes the oldest free deliveries and holds them from other claims until its lease runs out or they are given back",
          arguments: CoSigningBackend.available)
    func lease(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        defer { Task { await storage.shutdown() } }
        let ids = try await Self.queue(3, on: storage)
        let minute = Duration.seconds(60)
        #expect(try await storage.claimDeliveries(webhook: Self.hook, limit: 2, at: Self.t0, lease: minute).map(\.event.id) == Array(ids[0...1]))
        #expect(try await storage.claimDeliveries(webhook: Self.hook, limit: 10, at: Self.t0.addingTimeInterval(1), lease: minute).map(\.event.id) == [ids[2]],
                "what another claim holds is passed over")
        #expect(try await storage.claimDeliveries(webhook: Self.hook, limit: 10, at: Self.t0.addingTimeInterval(2), lease: minute).isEmpty)
        #expect(try await storage.pendingDeliveries(webhook: Self.hook, limit: 10).map(\.event.id) == ids, "claimed deliveries are still waiting")

        try await storage.releaseDeliveries(eventIDs: [ids[1]], webhook: Self.hook)
        #expect(try await storage.claimDeliveries(webhook: Self.hook, limit: 10, at: Self.t0.addingTimeInterval(3), lease: minute).map(\.event.id) == [ids[1]],
                "one given back is claimed at once")
        _ = try await storage.deliveryFailed(eventID: ids[0], webhook: Self.hook, at: Self.t0)
        let expired = try await storage.claimDeliveries(webhook: Self.hook, limit: 10, at: Self.t0.addingTimeInterval(61), lease: minute)
        #expect(expired.map(\.event.id) == [ids[0], ids[2]] && expired[0].attempts == 1, "a claim whose lease ran out, as a crashed server's, comes back")
        try await storage.delivered(eventID: ids[0], webhook: Self.hook)
        #expect(try await storage.claimDeliveries(webhook: Self.hook, limit: 10, at: Self.t0.addingTimeInterval(200), lease: minute).map(\.event.id)
                == [ids[1], ids[2]], "a delivered event is gone from the outbox")
    }

    @Test("two servers claiming the same outbox at once take every delivery, none twice", arguments: CoSigningBackend.available)
    func concurrentClaims(_ backend: CoSigningBackend) async throws {
        // A second server on the same database: a second pool on PostgreSQL's schema; a SQLite file is one process's.
        let first: any CoSigningStorage, second: any CoSigningStorage
        if backend == .postgres {
            let schema = CoSigningBackend.freshSchema()
            first = try await CoSigningBackend.openPostgres(schema: schema)
            second = try await CoSigningBackend.openPostgres(schema: schema)
        } else {
            first = try await backend.makeStorage()
            second = first
        }
        let ids = try await Self.queue(120, on: first)
        let claimers = [first, second, first, second].map { storage in
            Task { () -> [Int64] in
                var taken: [Int64] = []
                while true {
                    let batch = try await storage.claimDeliveries(webhook: Self.hook, limit: 7, at: Self.t0, lease: .seconds(60))
                    if batch.isEmpty { return taken }
                    for delivery in batch { try await storage.delivered(eventID: delivery.event.id, webhook: Self.hook) }
                    taken += batch.map(\.event.id)
                }
            }
        }
        var taken: [Int64] = []
        for claimer in claimers { taken += try await claimer.value }
        #expect(taken.count == ids.count && Set(taken) == Set(ids), "\(taken.count) claims of \(ids.count) deliveries")
        #expect(try await first.outboxDepth() == 0)
        await first.shutdown()
        if backend == .postgres { await second.shutdown() }
    }
}
