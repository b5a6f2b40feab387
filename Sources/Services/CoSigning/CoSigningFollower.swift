import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// What one pass of the follower found.
public struct FollowReport: Sendable, Equatable {
    /// The blocks read, or nil when there was nothing new.
    public let blocks: ClosedRange<BigUInt>?
    /// Served transactions marked executed or failed.
    public let executed: Int
    /// Pending transactions marked replaced, their nonce used by another.
    public let replaced: Int
}

/// Keeps a co-signing server's transactions in step with the chain: reads the served Safes' logs
/// from where the last pass stopped (kept in storage, so a restart resumes), through the
/// provider's range and batch limits, marks each transaction executed or failed with its
/// transaction hash from the `ExecutionSuccess` and `ExecutionFailure` events, and reads again
/// every Safe that changed, marking its pending transactions below the new nonce replaced. The
/// ether and tokens the Safes receive and send are announced as events (`ChainEvents`).
struct CoSigningFollower: Sendable {
    let service: CoSigningStore

    /// Reads the events up to the chain's head once.
    func step() async throws -> FollowReport {
        let storage = service.storage, remote = service.chain.remote
        let chainID = try await service.chainID()
        let head = try await remote.blockNumber()
        // The first pass starts at the head: a transaction is accepted only while its nonce is
        // still ahead of the Safe's, so nothing earlier can have executed it.
        let from = try await storage.followedBlock(chainID: chainID).map { $0 + 1 } ?? head
        guard from <= head else { return FollowReport(blocks: nil, executed: 0, replaced: 0) }
        let safes = try await storage.servedSafes(chainID: chainID).map(\.address)
        var executed = 0, replaced = 0
        if !safes.isEmpty {
            // Every log of the served Safes, not just executions: a module can change the owners
            // without an execTransaction, and the stored owners must follow.
            let logs = try await remote.logs(LogFilter(address: safes), from: from, to: head)
            let announce = ChainEvents(chainID: chainID, safes: Set(safes), at: service.now())
            var moved = Set<Address>(), movements: [ServedEvent] = []
            for log in logs {
                // Ether received changes nothing the server keeps.
                if let received = announce.received(log) { movements.append(received); continue }
                moved.insert(log.address)
                guard let execution = SafeEvents.execution(topics: log.topics, data: log.data), let transactionHash = log.transactionHash else { continue }
                if try await storage.markExecuted(execution.safeTxHash, transactionHash: transactionHash, successful: execution.success,
                                                  at: service.now()) {
                    executed += 1
                }
                if execution.success, let stored = try await storage.transaction(execution.safeTxHash) {
                    movements += announce.sent(by: stored, execution: log)
                }
            }
            for filter in ChainEvents.transferFilters(safes) {
                for log in try await remote.logs(filter, from: from, to: head) { movements += announce.tokens(log) }
            }
            // Before the block is recorded: a pass cut short reads these logs again, and their keys keep them once.
            try await storage.appendEvents(movements)
            for address in moved.sorted(by: { $0.checksummed < $1.checksummed }) {
                // An execution moved the nonce, and it or a module may have changed the owners: read the Safe again.
                await service.cache.forget(address)
                let safe = try await service.safe(address).safe
                // Always written: another server on the same database may have stored something else.
                try await service.remember(safe, unlessUnchanged: false)
                replaced += try await storage.markReplaced(chainID: chainID, safe: address, below: safe.nonce, at: service.now())
            }
        }
        try await storage.setFollowedBlock(head, chainID: chainID)
        return FollowReport(blocks: from...head, executed: executed, replaced: replaced)
    }
}
