import BigInt
@testable import CoSigning
import EthereumKit
import Foundation
import Services
import Testing

/// The co-signing server's cache of Safe reads: one read for a burst, none kept past its age or
/// after the follower saw the Safe change, and failures never kept.
@Suite("Co-signing: the Safe state cache")
struct SafeStateCacheTests {
    final class Reads: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int { lock.withLock { count += 1; return count } }
        var total: Int { lock.withLock { count } }
    }

    static let address = try! Address("0x00000000000000000000000000000000000005af")

    static func state(nonce: Int) -> SafeState {
        let safe = Safe(chainID: 31337, address: address, name: nil, version: "1.4.1", owners: [address], threshold: 1, nonce: BigUInt(nonce),
                        modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: Date(timeIntervalSince1970: 0))
        return SafeState(safe: safe, balance: EtherAmount(wei: 0), tokens: [])
    }

    @Test("32 concurrent requests share one read; forget makes the next request read again")
    func burstAndForget() async throws {
        let cache = SafeStateCache(maxAge: .seconds(60)), reads = Reads()
        let read: @Sendable () async throws -> SafeState = {
            let n = reads.next()
            try await Task.sleep(for: .milliseconds(50))
            return Self.state(nonce: n)
        }
        let nonces = try await withThrowingTaskGroup(of: BigUInt.self) { group in
            for _ in 0..<32 { group.addTask { try await cache.state(of: Self.address, read: read).safe.nonce } }
            return try await group.reduce(into: [BigUInt]()) { $0.append($1) }
        }
        #expect(reads.total == 1 && Set(nonces) == [1])
        await cache.forget(Self.address)
        #expect(try await cache.state(of: Self.address, read: read).safe.nonce == 2 && reads.total == 2)
        #expect(try await cache.state(of: Self.address, read: read).safe.nonce == 2 && reads.total == 2, "kept again")
    }

    @Test("an age of zero reads every time; a failed read is not kept")
    func ageAndFailure() async throws {
        let fresh = SafeStateCache(maxAge: .zero), reads = Reads()
        let read: @Sendable () async throws -> SafeState = { Self.state(nonce: reads.next()) }
        _ = try await fresh.state(of: Self.address, read: read)
        _ = try await fresh.state(of: Self.address, read: read)
        #expect(reads.total == 2)

        let cache = SafeStateCache(maxAge: .seconds(60))
        await #expect(throws: CancellationError.self) { try await cache.state(of: Self.address) { throw CancellationError() } }
        #expect(try await cache.state(of: Self.address, read: read).safe.nonce == 3, "the failure was not kept")
    }
}
