import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// Pending transactions of a Safe, by nonce, with their confirmations. Reads the Safe's nonce
/// and owners first when the chain is reachable, so stale entries drop out.
public struct SafeQueueQuery: SafeTransactionsAction {
    public let safe: Address
    public let chain: ChainSelection
    public init(safe: Address, chain: ChainSelection) {
        self.safe = safe
        self.chain = chain
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeQueue { try await store.queue(self) }
}

/// A Safe's queue: its state and the transactions waiting at or after its nonce.
public struct SafeQueue: Sendable, Equatable {
    public let safe: Safe
    public let entries: [SafeTransactionEntry]
    /// Whether the Safe was read from the chain just now, rather than as last stored.
    public let live: Bool
    /// The Safes this home follows among the Safe's owners.
    public let ownerSafes: [Safe]

    /// A queue of `entries` for `safe`, counted with `ownerSafes`' contract signatures.
    public init(safe: Safe, entries: [SafeTransactionEntry], live: Bool, ownerSafes: [Safe] = []) {
        self.safe = safe
        self.entries = entries
        self.live = live
        self.ownerSafes = ownerSafes
    }

    /// How far `entry` is confirmed by the Safe's owners as this queue read them: an owner Safe's
    /// contract signature counts once its owners' signatures inside meet its threshold.
    public func confirmations(of entry: SafeTransactionEntry) -> ConfirmationCount {
        safe.count(entry, ownerSafes: ownerSafes)
    }
}

/// One execution of a Safe transaction, from the Safe's `ExecutionSuccess` / `ExecutionFailure` logs.
public struct SafeHistoryItem: Sendable, Equatable {
    public let safeTxHash: [UInt8]
    public let transactionHash: [UInt8]?
    public let blockNumber: BigUInt?
    public let success: Bool
    /// The local record, when this transaction went through Bifrost.
    public let entry: SafeTransactionEntry?
}

/// Executed transactions of a Safe from its event logs, newest first; local records are updated.
public struct SafeHistoryQuery: SafeHistoryAction {
    public let safe: Address
    public let chain: ChainSelection
    public init(safe: Address, chain: ChainSelection) {
        self.safe = safe
        self.chain = chain
    }
    public func perform(on store: SafeHistoryStore) async throws -> [SafeHistoryItem] { try await store.history(self) }
}

extension SafeTransactionsStore {
    func queue(_ q: SafeQueueQuery) async throws -> SafeQueue {
        var live = true
        let safe: Safe
        do {
            safe = try await refresh(q.safe, chain: try connector.connect(q.chain)).safe
        } catch let error as SafeError {
            throw error
        } catch {
            // Offline: the queue as last stored is still worth showing.
            guard let stored = try await storage.safes(address: q.safe).first else { throw error }
            safe = stored
            live = false
        }
        guard try await storage.safe(chainID: safe.chainID, address: safe.address) != nil else { throw SafeError.unknownSafe(safe.address) }
        if live { try await reconcileMarks(of: safe) }
        return SafeQueue(safe: safe, entries: try await waiting(for: safe), live: live, ownerSafes: try await ownerSafes(of: safe))
    }
}

extension SafeRoom {
    /// The stored transactions of `safe` still waiting: queued, at or after its nonce.
    func waiting(for safe: Safe) async throws -> [SafeTransactionEntry] {
        try await storage.transactions(chainID: safe.chainID, safe: safe.address, status: .queued).filter { $0.transaction.nonce >= safe.nonce }
    }

    /// Takes back the executed and failed marks that `safe`, as just read from the chain, does
    /// not bear out: an execution uses its nonce, so a transaction at or after the Safe's nonce
    /// has not executed, whatever a node's log said. Only a live read may decide this.
    func reconcileMarks(of safe: Safe) async throws {
        try await reconcileMarks(chainID: safe.chainID, safe: safe.address, nonce: safe.nonce)
    }

    /// The same for the Safe at `safe` on `chainID`, whose nonce the chain just gave as `nonce`.
    func reconcileMarks(chainID: BigUInt, safe: Address, nonce: BigUInt) async throws {
        for status in [SafeTransactionStatus.executed, .failed] {
            for entry in try await storage.transactions(chainID: chainID, safe: safe, status: status) where entry.transaction.nonce >= nonce {
                try await storage.save(entry.requeued(at: now()))
            }
        }
    }

    /// The execution logs from the one-range answer, or, when the node refused that range, read
    /// again in the ranges it accepts up to `head` (asked in the same batch), from the Safe's
    /// creation block (found and stored the first time).
    func executionLogs(of safe: Address, chainID: BigUInt, chain: Chain, oneRange: Result<[Log], any Error>, head: BigUInt?,
                       from: BigUInt?) async throws -> [Log] {
        do { return try oneRange.get() } catch let error as NetworkError where error.isRefusal {
            let latest: BigUInt
            if let head { latest = head } else { latest = try await chain.remote.blockNumber() }
            var start = from ?? 0
            if from == nil, let found = try await findCreationBlock(of: safe, chainID: chainID, chain: chain, latest: latest) { start = found }
            let filter = LogFilter(address: [safe], topics: [[SafeEvents.executionSuccess, SafeEvents.executionFailure]])
            return try await chain.remote.logs(filter, from: start, to: latest)
        }
    }

    /// The Safe's creation block found on chain (and stored for next time); nil when the node cannot say.
    func findCreationBlock(of safe: Address, chainID: BigUInt, chain: Chain, latest: BigUInt) async throws -> BigUInt? {
        guard let found = try? await chain.remote.creationBlock(of: safe, latest: latest) else { return nil }
        try await storage.saveCreationBlock(found, chainID: chainID, address: safe)
        return found
    }

    /// The Safe's creation block as stored for the network's chain; nil when not yet found.
    func knownCreationBlock(of safe: Address, chain: Chain) async throws -> BigUInt? {
        guard let chainID = chain.network?.chainID else { return nil }
        return try await storage.creationBlock(chainID: chainID, address: safe)
    }

    /// The Safe's `ExecutionSuccess` and `ExecutionFailure` logs, from its creation block when known.
    static func executionLogs(of safe: Address, from: BigUInt?) -> RPCRequest<[Log]> {
        EthereumRemote.Requests.logs(LogFilter(fromBlock: from.map { .number($0) } ?? .earliest, toBlock: .latest, address: [safe],
                                               topics: [[SafeEvents.executionSuccess, SafeEvents.executionFailure]]))
    }

    /// History items from `safe`'s execution logs, newest first; the local records of `safe` they
    /// name are marked executed or failed. A log counts only as a fact about `safe` (logged by the
    /// Safe itself, not removed), and marks only a record of `safe` with the hash it carries.
    func historyItems(_ logs: [Log], of safe: Address, chainID: BigUInt) async throws -> [SafeHistoryItem] {
        var items: [SafeHistoryItem] = []
        for log in logs {
            guard let execution = SafeExecutionFact(log, of: [safe]) else { continue }
            var entry = execution.names(try await storage.transaction(safeTxHash: execution.safeTxHash))
            if let known = entry, known.transaction.chainID == chainID, known.status == .queued || known.status == .replaced {
                let updated = known.with(status: execution.success ? .executed : .failed, executionHash: log.transactionHash, updatedAt: now())
                try await storage.save(updated)
                entry = updated
            }
            items.append(SafeHistoryItem(safeTxHash: execution.safeTxHash, transactionHash: log.transactionHash,
                                         blockNumber: log.blockNumber, success: execution.success, entry: entry))
        }
        return items.reversed()
    }
}

extension SafeHistoryStore {
    func history(_ h: SafeHistoryQuery) async throws -> [SafeHistoryItem] {
        let chain = try await connector.connect(h.chain)
        let r = EthereumRemote.Requests.self
        let from = try await knownCreationBlock(of: h.safe, chain: chain)
        let (chainResult, head, logsResult, nonce) = try await chain.remote.batch(r.chainID(), r.blockNumber(), Self.executionLogs(of: h.safe, from: from),
                                                                                  r.call(CallRequest(to: h.safe, data: SafeContract.nonce)))
        let chainID = try chain.verify(chainID: try chainResult.get())
        let found = try await executionLogs(of: h.safe, chainID: chainID, chain: chain, oneRange: logsResult, head: try? head.get(), from: from)
        let items = try await historyItems(found, of: h.safe, chainID: chainID)
        if let read = try? nonce.get(), let current = try? SafeContract.decodeUInt(read, call: "nonce") {
            try await reconcileMarks(chainID: chainID, safe: h.safe, nonce: current)
        }
        return items
    }
}
