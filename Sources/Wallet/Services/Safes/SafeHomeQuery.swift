import BigInt
import Networking
import SafeKit
import Storage

/// What a Safe's home shows, read in one JSON-RPC round trip: the Safe and its balances, its
/// execution history from the logs, then the queue as stored.
public struct SafeHome: Sendable, Equatable {
    public let state: SafeState
    public let queue: [SafeTransactionEntry]
    public let history: [SafeHistoryItem]
    /// Why the history could not be read (e.g. a node without `eth_getLogs`); the rest stands.
    public let historyError: String?
    /// The Safes this home follows among the Safe's owners, which the queue's count needs.
    public let ownerSafes: [Safe]

    /// A SafeHome value.
    public init(state: SafeState, queue: [SafeTransactionEntry], history: [SafeHistoryItem], historyError: String? = nil, ownerSafes: [Safe] = []) {
        self.state = state
        self.queue = queue
        self.history = history
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
        let logs = Self.executionLogs(of: q.safe, from: from)
        let r = EthereumRemote.Requests.self
        let (state, slots, answers) = try await refresh(q.safe, chain: chain) { batch in (logs: batch.add(logs), head: batch.add(r.blockNumber())) }
        var history: [SafeHistoryItem] = [], historyError: String?
        do {
            let oneRange = answers[slots.logs]
            let head = try? answers.get(slots.head)
            let found = try await executionLogs(of: q.safe, chainID: state.safe.chainID, chain: chain, oneRange: oneRange, head: head, from: from)
            history = try await historyItems(found, of: q.safe, chainID: state.safe.chainID)
        } catch let error as StorageError {
            throw error
        } catch {
            historyError = String(describing: error)
        }
        try await reconcileMarks(of: state.safe)
        let names = await connector.contractNames(chainID: state.safe.chainID)
        return SafeHome(state: state.judged(by: names), queue: try await waiting(for: state.safe), history: history, historyError: historyError,
                        ownerSafes: try await ownerSafes(of: state.safe))
    }
}
