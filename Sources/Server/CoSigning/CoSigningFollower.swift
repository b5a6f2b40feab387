import BigInt
import CoSigningStorage
import Foundation
import Networking
import SafeKit
import Services
import Storage

/// What one pass of the follower found.
public struct FollowReport: Sendable, Equatable {
    /// The blocks read, or nil when there was nothing new.
    public let blocks: ClosedRange<BigUInt>?
    /// Served transactions marked executed or failed.
    public let executed: Int
    /// Pending transactions marked replaced, their nonce used by another.
    public let replaced: Int
    /// After a reorganisation, the last block read before it that still stands.
    public let rewoundTo: BigUInt?
}

/// Keeps a co-signing server's transactions in step with the chain: reads the served Safes' logs
/// from where the last pass stopped (kept in storage, so a restart resumes), through the
/// provider's range and batch limits, marks each transaction executed or failed with its
/// transaction hash from the `ExecutionSuccess` and `ExecutionFailure` events, and reads again
/// every Safe that changed, marking its pending transactions below the new nonce replaced. The
/// ether and tokens the Safes receive and send are announced as events (`ChainEvents`).
///
/// It keeps the hashes of the last `reorgDepth` blocks it read. When the newest is no longer the
/// chain's, it walks back to the last block that stands, takes back what it read after it
/// (`CoSigningStorage.rewind`) and reads again from there.
struct CoSigningFollower: Sendable {
    let service: CoSigningStore
    let reorgDepth: Int
    /// Where the owner index starts reading the chain, and how many blocks it reads a pass.
    var ownerIndexFrom: BigUInt = 0
    var ownerIndexSpan: BigUInt = 50_000

    /// Reads the events up to the chain's head once.
    func step() async throws -> FollowReport {
        let storage = service.storage, remote = service.chain.remote
        let chainID = try await service.chainID()
        var moved = Set<Address>()
        let fork = try await forkPoint(chainID: chainID)
        let owners = OwnerIndexing(storage: storage, remote: remote, from: ownerIndexFrom, span: ownerIndexSpan)
        if let fork {
            moved.formUnion(try await storage.rewind(chainID: chainID, after: fork, at: service.now()))
            try await owners.rewind(to: fork, chainID: chainID)
        }
        let head = try await remote.blockNumber()
        // The first pass starts at the head: a transaction is accepted only while its nonce is
        // still ahead of the Safe's, so nothing earlier can have executed it.
        let from = try await storage.followedBlock(chainID: chainID).map { $0 + 1 } ?? head
        var executed = 0, replaced = 0
        if from <= head {
            let oldestKept = head + 1 > BigUInt(reorgDepth) ? head + 1 - BigUInt(reorgDepth) : 0
            // The hashes first: should the chain reorganise while the logs are read, the next pass
            // finds these gone and reads again, rather than trusting logs of a dropped block.
            let kept = try await hashes(from: max(from, oldestKept), to: head)
            let safes = try await storage.servedSafes(chainID: chainID).map(\.address)
            if !safes.isEmpty { executed = try await read(safes, from: from, to: head, chainID: chainID, moved: &moved) }
            try await storage.rememberBlocks(kept, chainID: chainID, keepingFrom: oldestKept)
        }
        for address in moved.sorted(by: { $0.checksummed < $1.checksummed }) {
            // An execution moved the nonce, and it or a module may have changed the owners: read the Safe again.
            await service.cache.forget(address)
            let safe = try await service.safe(address).safe
            // Always written: another server on the same database may have stored something else.
            try await service.remember(safe, unlessUnchanged: false)
            replaced += try await storage.markReplaced(chainID: chainID, safe: address, below: safe.nonce, at: service.now())
        }
        guard from <= head else {
            try await owners.step(chainID: chainID, head: head)
            return FollowReport(blocks: nil, executed: 0, replaced: replaced, rewoundTo: fork)
        }
        try await storage.setFollowedBlock(head, chainID: chainID)
        // Last, and on its own cursor: the index may be backfilling a long chain, and what the follower read is recorded already.
        try await owners.step(chainID: chainID, head: head)
        return FollowReport(blocks: from...head, executed: executed, replaced: replaced, rewoundTo: fork)
    }

    /// Reads the served Safes' logs and the token transfers touching them; answers how many
    /// transactions were marked executed, and adds the Safes whose state moved to `moved`.
    private func read(_ safes: [Address], from: BigUInt, to head: BigUInt, chainID: BigUInt, moved: inout Set<Address>) async throws -> Int {
        let storage = service.storage, remote = service.chain.remote
        var executed = 0
        // Every log of the served Safes, not just executions: a module can change the owners
        // without an execTransaction, and the stored owners must follow.
        let served = Set(safes)
        let logs = try await remote.logs(LogFilter(address: safes), from: from, to: head).filter { $0.isFact(from: served) }
        let announce = ChainEvents(chainID: chainID, safes: served, at: service.now())
        var movements: [ServedEvent] = []
        // Successful executions whose call only their carrying transaction tells (a module's, or one
        // not stored here), with where their events go among the others.
        var unheld: [(at: Int, log: Log)] = []
        for log in logs {
            // Ether received changes nothing the server keeps.
            if let received = announce.received(log) { movements.append(received); continue }
            moved.insert(log.address)
            if SafeEvents.moduleExecution(topics: log.topics, data: log.data)?.success == true { unheld.append((movements.count, log)) }
            guard let execution = SafeExecutionFact(log, of: served), let transactionHash = log.transactionHash else { continue }
            let stored = execution.names(try await storage.transaction(execution.safeTxHash))
            if stored != nil, try await storage.markExecuted(execution.safeTxHash, transactionHash: transactionHash, block: log.blockNumber,
                                                             successful: execution.success, at: service.now()) {
                executed += 1
            }
            guard execution.success else { continue }
            if let stored {
                movements += announce.sent(by: stored, execution: log)
            } else {
                unheld.append((movements.count, log))
            }
        }
        let carried = try await sentByCarriers(unheld.map(\.log), announce: announce)
        for (slot, events) in zip(unheld, carried).reversed() { movements.insert(contentsOf: events, at: slot.at) }
        for filter in SafeChainActivity.transferFilters(safes) {
            for log in try await remote.logs(filter, from: from, to: head) where log.isFact(from: nil) { movements += announce.tokens(log) }
        }
        // Before the block is recorded: a pass cut short reads these logs again, and their keys keep them once.
        try await storage.appendEvents(movements)
        return executed
    }

    /// The ether each of `logs`' executions sent, read from the transactions that carried them, fetched in one batch.
    private func sentByCarriers(_ logs: [Log], announce: ChainEvents) async throws -> [[ServedEvent]] {
        let carriers = try await service.chain.remote.batch(logs.compactMap(\.transactionHash), EthereumRemote.Requests.transaction(hash:))
        return logs.map { log in
            SafeChainActivity.call(ranBy: log, carrier: log.transactionHash.flatMap { carriers[$0] }).map { announce.sent($0, execution: log) } ?? []
        }
    }

    /// The last block read that the chain still has, when the newest one read is gone; nil when
    /// nothing changed. A reorganisation deeper than the hashes kept rewinds to before the oldest.
    private func forkPoint(chainID: BigUInt) async throws -> BigUInt? {
        let known = try await service.storage.followedHashes(chainID: chainID)
        guard let newest = known.first else { return nil }
        let remote = service.chain.remote, r = EthereumRemote.Requests.self
        if try await remote.block(.number(newest.number))?.hash == newest.hash { return nil }
        let current = try await remote.batch(known.map { r.block(.number($0.number)) })
        for (block, now) in zip(known, current) where (try? now.get())??.hash == block.hash { return block.number }
        let oldest = known[known.count - 1].number
        return oldest > 0 ? oldest - 1 : 0
    }

    /// The hashes of the blocks `from` through `to`, in one batch.
    private func hashes(from: BigUInt, to: BigUInt) async throws -> [(number: BigUInt, hash: [UInt8])] {
        guard from <= to else { return [] }
        let numbers = Array(sequence(first: from) { $0 < to ? $0 + 1 : nil })
        let blocks = try await service.chain.remote.batch(numbers.map { EthereumRemote.Requests.block(.number($0)) })
        return zip(numbers, blocks).compactMap { number, block in (try? block.get())??.hash.nilIfEmpty.map { (number, $0) } }
    }
}

private extension Array where Element == UInt8 {
    var nilIfEmpty: [UInt8]? { isEmpty ? nil : self }
}
