import BigInt
import CoSigningStorage
import CoSigningTestSupport
import Foundation
import Storage
import Synchronization
import Testing

/// The event stream reads after the last ID it showed, so IDs must become visible in order even
/// when several servers write at once: a reader polling as `/api/v1/events` does passes over none.
@Suite("Co-signing storage: events read as the stream reads them, while two servers write (every backend)")
struct CoSigningEventOrderTests {
    @Test("a reader polling after its last ID sees every event that eight concurrent writers on two servers store", arguments: CoSigningBackend.available)
    func noneMissed(_ backend: CoSigningBackend) async throws {
        let servers: [any CoSigningStorage]
        if backend == .postgres {
            let schema = CoSigningBackend.freshSchema()
            servers = [try await CoSigningBackend.openPostgres(schema: schema), try await CoSigningBackend.openPostgres(schema: schema)]
        } else {
            let storage = try await backend.makeStorage()
            servers = [storage, storage]
        }
        let writing = WritersLeft()
        let writers = (0..<8).map { w in
            Task {
                defer { writing.count.subtract(1, ordering: .relaxed) }
                for n in 0..<40 {
                    try await servers[w % 2].appendEvents([ServedEvent(.outgoingEther, chainID: 5, safe: CoSigningStorageTests.safe, value: BigUInt(n + 1),
                                                                       dedupKey: "order:\(w):\(n)", at: CoSigningStorageTests.t0)])
                }
            }
        }
        var seen: [Int64] = [], last: Int64 = 0
        // As the stream does: after the last ID shown, until the writers are done and one more read finds nothing new.
        while true {
            let done = writing.count.load(ordering: .relaxed) == 0
            let events = try await servers[0].events(after: last, limit: 200)
            seen += events.map(\.id)
            last = events.last?.id ?? last
            if done && events.isEmpty { break }
        }
        for writer in writers { try await writer.value }
        let stored = try await servers[1].events(after: 0, limit: 1_000).map(\.id)
        #expect(stored.count == 320)
        #expect(seen == stored, "the reader passed over \(Set(stored).subtracting(seen).count) of \(stored.count) events")
        await servers[0].shutdown()
        if backend == .postgres { await servers[1].shutdown() }
    }
}

/// How many writers are still writing, shared between their tasks and the reader.
private final class WritersLeft: Sendable {
    let count = Atomic<Int>(8)
}
