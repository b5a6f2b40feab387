import EthereumKit
import Services

/// What was last read of a few Safes from the chain, each good until the chain's head moves: the
/// pages of one transfer listing, and the listings a wallet opens together, share one read.
/// Concurrent reads of one Safe at one head share a single read; the least recently asked Safe
/// goes first once `capacity` are kept, so outside addresses cannot grow it.
actor PerHeadCache<Value: Sendable> {
    private struct Entry {
        let head: [UInt8]
        let read: Task<Value, any Error>
        var used: UInt64
    }

    private let capacity: Int
    private var entries: [Address: Entry] = [:]
    private var uses: UInt64 = 0

    /// A cache of `capacity` Safes at most.
    init(capacity: Int = 32) { self.capacity = max(capacity, 1) }

    /// What `read` reads of `safe` at the head whose hash is `head`: kept, or read now.
    func value(of safe: Address, head: [UInt8], read: @escaping @Sendable () async throws -> Value) async throws -> Value {
        uses += 1
        if var entry = entries[safe], entry.head == head {
            entry.used = uses
            entries[safe] = entry
            return try await entry.read.value
        }
        if entries[safe] == nil, entries.count >= capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
            entries[oldest] = nil
        }
        let task = Task { try await read() }
        entries[safe] = Entry(head: head, read: task, used: uses)
        do { return try await task.value } catch {
            // A failed read is not kept: the next request asks again.
            if entries[safe]?.read == task { entries[safe] = nil }
            throw error
        }
    }

    /// How many Safes are kept.
    var count: Int { entries.count }
}
