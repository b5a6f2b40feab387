import BigInt
import Networking
import SafeKit
import Storage

/// What a Safe's home shows: the Safe, its balances and its activity logs in one JSON-RPC round
/// trip, then what those logs name (carriers, block times) in one more, and the queue as stored.
public struct SafeHome: Sendable, Equatable {
    public let state: SafeState
    public let queue: [SafeTransactionEntry]
    public let history: [SafeHistoryItem]
    /// Everything the Safe did and received, newest first: the history the CSV export also reads.
    public let activity: [SafeActivityItem]
    /// Why the history could not be read (e.g. a node without `eth_getLogs`); the rest stands.
    public let historyError: String?
    /// The Safes this home follows among the Safe's owners, which the queue's count needs.
    public let ownerSafes: [Safe]

    /// A SafeHome value.
    public init(state: SafeState, queue: [SafeTransactionEntry], history: [SafeHistoryItem], activity: [SafeActivityItem] = [], historyError: String? = nil,
                ownerSafes: [Safe] = []) {
        self.state = state
        self.queue = queue
        self.history = history
        self.activity = activity
        self.historyError = historyError
        self.ownerSafes = ownerSafes
    }
}

/// A Safe's home: state, balances and history in one batch, and the queue from the home.
public struct SafeHomeQuery: SafeHistoryAction {
    public let safe: Address
    public let chain: ChainSelection
    public init(safe: Address, chain: ChainSelection) {
        self.safe = safe
        self.chain = chain
    }
    public func perform(on store: SafeHistoryStore) async throws -> SafeHome { try await store.home(self) }
}

extension SafeHistoryStore {
    func home(_ q: SafeHomeQuery) async throws -> SafeHome {
        let chain = try await connector.connect(q.chain)
        let from = try await knownCreationBlock(of: q.safe, chain: chain)
        let r = EthereumRemote.Requests.self
        let (state, slots, answers) = try await refresh(q.safe, chain: chain) { batch in
            (logs: SafeChainActivity.logRequests(q.safe, from: from).map { batch.add($0) }, head: batch.add(r.blockNumber()))
        }
        var history: [SafeHistoryItem] = [], activity: [SafeActivityItem] = [], historyError: String?
        do {
            let read = try await self.activity(of: state.safe, chain: chain, logs: slots.logs.map { answers[$0] }, head: try? answers.get(slots.head), from: from)
            history = try await historyItems(read.executions.filter { $0.safeTxHash != nil }.map(\.log), of: q.safe, chainID: state.safe.chainID)
            try await learnExecutions(read, of: state.safe)
            activity = try await activityItems(read, chainID: state.safe.chainID, chain: chain)
        } catch let error as StorageError {
            throw error
        } catch {
            historyError = String(describing: error)
        }
        try await reconcileMarks(of: state.safe)
        let names = await connector.contractNames(chainID: state.safe.chainID)
        return SafeHome(state: state.judged(by: names), queue: try await waiting(for: state.safe), history: history, activity: activity,
                        historyError: historyError, ownerSafes: try await ownerSafes(of: state.safe))
    }

    /// The Safe's activity from the logs answered in the home's batch and one batch more; when
    /// the node refused the one range, read again in the ranges it accepts from the creation block.
    func activity(of safe: Safe, chain: Chain, logs: [Result<[Log], any Error>], head: BigUInt?, from: BigUInt?) async throws -> SafeChainActivity {
        if logs.count == 3, case .success(let own) = logs[0], case .success(let out) = logs[1], case .success(let into) = logs[2] {
            // The home shows no fee, so no receipts; the tokens it knows need no reading.
            let known = Set(try await tokens.tokens(chainID: safe.chainID).map(\.address))
            // An execution this home stored has its summary; only the others are read from their carrier.
            var stored = Set<[UInt8]>()
            for log in own {
                guard let fact = SafeExecutionFact(log, of: [safe.address]),
                      fact.names(try await storage.transaction(safeTxHash: fact.safeTxHash)) != nil else { continue }
                stored.insert(fact.safeTxHash)
            }
            return try await SafeChainActivity.assemble(safe.address, own: own, tokens: out + into, remote: chain.remote, receipts: false, known: known,
                                                        chainID: safe.chainID) { log in
                SafeEvents.execution(topics: log.topics, data: log.data).map { !stored.contains($0.safeTxHash) } ?? true
            }
        }
        // Only a refused range is worth reading again in narrower ones; any other failure is the answer.
        for case .failure(let error) in logs where !((error as? NetworkError)?.isRefusal ?? false) { throw error }
        let latest: BigUInt
        if let head { latest = head } else { latest = try await chain.remote.blockNumber() }
        var start = from ?? 0
        if from == nil, let found = try await findCreationBlock(of: safe.address, chainID: safe.chainID, chain: chain, latest: latest) { start = found }
        return try await SafeChainActivity.read(safe.address, remote: chain.remote, from: start, to: latest)
    }

    /// The history lines of `activity`, the home's transactions and tokens naming what it can.
    func activityItems(_ activity: SafeChainActivity, chainID: BigUInt, chain: Chain) async throws -> [SafeActivityItem] {
        var stored: [[UInt8]: SafeTransactionEntry] = [:]
        for hash in activity.executions.compactMap(\.safeTxHash) { stored[hash] = try await storage.transaction(safeTxHash: hash) }
        var assets = activity.assets
        for token in try await tokens.tokens(chainID: chainID) { assets[token.address] = (token.symbol, token.decimals) }
        // Read again in narrower ranges, the activity names no tokens: they are read here.
        let unnamed = Set(activity.tokenTransfers.filter { $0.topics.count == 3 }.map(\.address)).filter { assets[$0] == nil }
        if !unnamed.isEmpty { assets.merge(try await tokenMetadata(Array(unnamed), chainID: chainID, chain: chain)) { known, _ in known } }
        let decoder = await connector.decoder(chainID: chainID)
        return SafeActivityHistory.items(activity, stored: stored, assets: assets) { call in
            decoder.decode(to: call.to, value: call.value, data: call.data, operation: call.operation).headline
        }
    }

    /// Stores, as executed (or failed), each execution by the owners that this home never saw:
    /// the transaction read back from the `execTransaction` calldata that carried it, kept only
    /// when it hashes to the safeTxHash of the Safe's own log (the execution-fact gate), so its
    /// page opens like any other. The nonce is the Safe's nonce less the executions since.
    func learnExecutions(_ activity: SafeChainActivity, of safe: Safe) async throws {
        guard let version = safe.safeVersion, try await storage.safe(chainID: safe.chainID, address: safe.address) != nil else { return }
        let multisig = activity.executions.filter { $0.safeTxHash != nil }
        let decoder = await connector.decoder(chainID: safe.chainID)
        for (index, execution) in multisig.enumerated() {
            guard let fact = SafeExecutionFact(execution.log, of: [safe.address]), let carrier = execution.carrier, carrier.to == safe.address,
                  try await storage.transaction(safeTxHash: fact.safeTxHash) == nil else { continue }
            let since = BigUInt(multisig.count - index)
            let nonces = (safe.nonce >= since ? [safe.nonce - since] : []) + [BigUInt(index)]
            guard let read = SafeContract.executedTransaction(carrier.input, safe: safe.address, chainID: safe.chainID, version: version,
                                                               nonces: nonces, safeTxHash: fact.safeTxHash) else { continue }
            let tx = read.transaction
            let at = activity.knowsDate(of: execution.log.blockNumber) ? activity.date(of: execution.log.blockNumber) : now()
            let summary = decoder.decode(to: tx.to, value: tx.value, data: tx.data, operation: tx.operation).headline
            // Its signatures are not kept: the Safe checked them at execution, and a signature
            // counts here only through SignatureGate, which judges the owners of now.
            try await storage.save(SafeTransactionEntry(transaction: tx, safeTxHash: fact.safeTxHash, signatures: [],
                                                        status: fact.success ? .executed : .failed, executionHash: execution.log.transactionHash,
                                                        summary: summary, createdAt: at, updatedAt: now()))
        }
    }
}
