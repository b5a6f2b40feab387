import BigInt
import Foundation
import Services
import Storage

/// What a co-signing server last read of each Safe, so a burst of proposals and confirmations
/// does not ask the node the same question for every request. An entry lives `maxAge` at most,
/// and the follower drops a Safe's entry as soon as the Safe emits a log: owners, threshold and
/// nonce change only with one. Concurrent misses for one Safe share a single read.
public actor SafeStateCache {
    private struct Entry {
        let read: Task<SafeState, any Error>
        let at: ContinuousClock.Instant
    }

    public let maxAge: Duration
    private var entries: [Address: Entry] = [:]
    private var chainID: BigUInt?
    private var creationBlocks: [Address: BigUInt] = [:]
    private let clock = ContinuousClock()

    /// A cache whose entries live `maxAge` at most; zero keeps nothing.
    public init(maxAge: Duration) { self.maxAge = maxAge }

    /// The Safe's state as read within `maxAge`, or as `read` reads it now.
    public func state(of address: Address, read: @escaping @Sendable () async throws -> SafeState) async throws -> SafeState {
        if let entry = entries[address], entry.at.duration(to: clock.now) < maxAge { return try await entry.read.value }
        let task = Task { try await read() }
        entries[address] = Entry(read: task, at: clock.now)
        do { return try await task.value } catch {
            // A failed read is not kept: the next request asks again.
            if entries[address]?.read == task { entries[address] = nil }
            throw error
        }
    }

    /// Drops what was read of `address`: the Safe changed on chain.
    public func forget(_ address: Address) { entries[address] = nil }

    /// The chain's ID, asked once: it does not change under a running server.
    func chainID(_ read: @Sendable () async throws -> BigUInt) async throws -> BigUInt {
        if let chainID { return chainID }
        let read = try await read()
        chainID = read
        return read
    }

    /// The block a Safe was created in, searched for once (`read`); a search that finds none is asked again next time.
    func creationBlock(of address: Address, _ read: @Sendable () async throws -> BigUInt?) async throws -> BigUInt? {
        if let known = creationBlocks[address] { return known }
        let found = try await read()
        if let found { creationBlocks[address] = found }
        return found
    }
}
