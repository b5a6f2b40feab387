import BigInt
import Foundation

/// One Safe: owners, threshold, balances with their fiat value, the queue and the history, and
/// importing a signed-transaction file an owner passed on.
public enum SafeDetail {
    /// Everything the screen shows, loaded together.
    public struct Snapshot: Equatable, Sendable {
        public var info: SafeState
        public var queue: [SafeTransactionEntry]
        public var history: [SafeHistoryItem]
        /// Everything the Safe did and received, newest first (what the CSV export lists too).
        public var activity: [SafeActivityItem]
        /// The cached ether rate, when rates were ever fetched.
        public var rate: Rate?
        /// Known tokens of the Safe's chain kept out of its balances.
        public var hiddenTokens: [Token]
        /// Why the history could not be read; the rest of the snapshot stands.
        public var historyError: String?
        /// What the Transaction Service added to the queue, or why it could not be read; nil
        /// without a service.
        public var serviceNote: ServiceNote?
        /// The Safe's messages, newest first, with where each stands.
        public var messages: [SafeMessageDetail]
        /// The Safes followed here among the Safe's owners, whose contract signatures the queue counts by their own threshold.
        public var ownerSafes: [Safe]

        public init(info: SafeState, queue: [SafeTransactionEntry], history: [SafeHistoryItem], rate: Rate?, hiddenTokens: [Token] = [],
                    historyError: String? = nil, serviceNote: ServiceNote? = nil, messages: [SafeMessageDetail] = [], ownerSafes: [Safe] = [],
                    activity: [SafeActivityItem] = []) {
            self.info = info
            self.queue = queue
            self.history = history
            self.activity = activity
            self.rate = rate
            self.hiddenTokens = hiddenTokens
            self.historyError = historyError
            self.serviceNote = serviceNote
            self.messages = messages
            self.ownerSafes = ownerSafes
        }

        /// How far the owners confirmed `entry`, one of the queue's.
        public func confirmations(of entry: SafeTransactionEntry) -> ConfirmationCount {
            info.safe.count(entry, ownerSafes: ownerSafes)
        }

        /// The queue in the Safe's order: next nonce, later nonces, conflicts, what a batch could execute.
        public var order: SafeQueueOrder { SafeQueueOrder(safeNonce: info.safe.nonce, entries: queue, count: confirmations(of:)) }
        /// The history by day, newest first, as the home shows it.
        public var historyDays: [SafeActivityDay] { SafeActivityHistory.days(activity) }

        /// The ether balance in the rate's fiat currency, rounded to cents.
        public var fiatBalance: String? { rate?.value(ofEther: info.balance.exact(in: .ether)) }
    }

    public struct State: Equatable, Sendable {
        public let address: Address
        public var snapshot: Snapshot?
        public var loading = false
        public var error: FeatureError?
        /// What the last import added, for the page to confirm.
        public var imported: SafeImportResult?
        public var importing = false
        /// The message just proposed here, for the page to open.
        public var proposedMessage: [UInt8]?
        /// Every asset movement as CSV, once written, for the page to offer as a download.
        public var ledger: String?
        public var exportingLedger = false
        /// The ether balance of each vault key, read once the queue offers a batch, for its key picker.
        public var keyBalances: [Address: EtherAmount]?
        /// The batch execution under way.
        public var executingBatch = false
        /// The batch just executed, for the page to confirm.
        public var batchExecuted: SafeBatchExecutionResult?
        public init(address: Address) { self.address = address }
    }

    public enum Action: Equatable, Sendable {
        case refresh
        case loaded(Result<Snapshot, FeatureError>)
        /// A signed-transaction file's text, to merge into the queue.
        case importTapped(String)
        case imported(Result<SafeImportResult, FeatureError>)
        /// Hide a token from the balances (true) or show it again (false).
        case tokenHiddenTapped(Address, hidden: Bool)
        case tokenHiddenChanged(Result<Token, FeatureError>)
        /// Propose a message (`kind` "text" or "typedData", and its text) and sign it with the key.
        case proposeMessageTapped(kind: String, text: String, keyName: String, password: Redacted<String>)
        case messageProposed(Result<SafeMessageDetail, FeatureError>)
        /// Write every asset movement of the Safe as CSV, for accounting.
        case ledgerTapped
        case ledgerWritten(Result<String, FeatureError>)
        /// Execute the queue's batch (`SafeQueueOrder.batch`, as loaded) in one Ethereum transaction, sent by the key named.
        case executeBatchTapped(keyName: String, password: Redacted<String>)
        case batchExecuted(Result<SafeBatchExecutionResult, FeatureError>)
        case balancesLoaded(Result<[Address: EtherAmount], FeatureError>)
    }

    public struct Dependencies: Sendable {
        public var load: @Sendable (Address) async throws -> Snapshot
        public var importFile: @Sendable (String) async throws -> SafeImportResult
        public var setTokenHidden: @Sendable (BigUInt, Address, Bool) async throws -> Token
        /// Proposes a message of the kind and text given for the Safe, signed with the key named.
        public var proposeMessage: @Sendable (Address, String, String, String, String) async throws -> SafeMessageDetail
        /// The Safe's asset movements as CSV, counterparties named.
        public var ledger: @Sendable (Address) async throws -> String
        /// Executes the safeTxHashes given as one batch, sent by the key named with its password.
        public var executeBatch: @Sendable ([[UInt8]], String, String) async throws -> SafeBatchExecutionResult
        /// The vault keys' ether balances, in one batch.
        public var keyBalances: @Sendable () async throws -> [Address: EtherAmount]

        public init(load: @escaping @Sendable (Address) async throws -> Snapshot,
                    importFile: @escaping @Sendable (String) async throws -> SafeImportResult = { _ in throw FeatureProblem.unavailable("import") },
                    setTokenHidden: @escaping @Sendable (BigUInt, Address, Bool) async throws -> Token = { _, _, _ in
                        throw FeatureProblem.unavailable("hiding tokens")
                    },
                    proposeMessage: @escaping @Sendable (Address, String, String, String, String) async throws -> SafeMessageDetail = { _, _, _, _, _ in
                        throw FeatureProblem.unavailable("proposing messages")
                    },
                    ledger: @escaping @Sendable (Address) async throws -> String = { _ in throw FeatureProblem.unavailable("the history export") },
                    executeBatch: @escaping @Sendable ([[UInt8]], String, String) async throws -> SafeBatchExecutionResult = { _, _, _ in
                        throw FeatureProblem.unavailable("batch execution")
                    },
                    keyBalances: @escaping @Sendable () async throws -> [Address: EtherAmount] = { throw FeatureProblem.unavailable("key balances") }) {
            self.load = load
            self.importFile = importFile
            self.setTokenHidden = setTokenHidden
            self.proposeMessage = proposeMessage
            self.ledger = ledger
            self.executeBatch = executeBatch
            self.keyBalances = keyBalances
        }

        /// Merges the Transaction Service's queue first, when the session meets at one; then
        /// reads the Safe, its balances and its history from events in one batch, then the local
        /// queue, the cached rate (in `fiat`, else the session's currency) and the hidden tokens from the home.
        public static func live(_ session: Session, fiat: String? = nil) -> Dependencies {
            let fiat = fiat ?? session.fiat
            let chain = session.chain
            return Dependencies(load: { address in
                let d = session.services.dispatcher
                var serviceNote: ServiceNote?
                if let service = session.service {
                    let transactions = await FeatureError.result {
                        let listing = try await d.dispatch(ServiceListSafeTransactions(safe: address, service: service, chain: chain))
                        return ServiceNote.Listed(pending: listing.transactions.count, setAside: listing.setAside.count)
                    }
                    // The service's messages merge in too; only what does not verify is worth a word.
                    let messages = await FeatureError.result {
                        try await d.dispatch(ServiceListSafeMessages(safe: address, service: service, chain: chain)).setAside.count
                    }
                    serviceNote = ServiceNote(host: service.host, transactions: transactions,
                                              messagesSetAside: messages)
                }
                let home = try await d.dispatch(SafeHomeQuery(safe: address, chain: chain))
                let rate = try await d.dispatch(CachedRateQuery(coin: "ethereum", fiat: fiat))
                let hidden = try await d.dispatch(TokensOnChain(chainID: home.state.safe.chainID)).filter { !$0.whitelisted }
                let messages = try await d.dispatch(ListSafeMessages(safe: address))
                return Snapshot(info: home.state, queue: home.queue, history: home.history, rate: rate, hiddenTokens: hidden,
                                historyError: home.historyError, serviceNote: serviceNote, messages: messages, ownerSafes: home.ownerSafes,
                                activity: home.activity)
            }, importFile: { json in try await session.services.dispatcher.dispatch(ImportSafeTransaction(json: json, chain: chain)) },
            setTokenHidden: { chainID, token, hidden in
                try await session.services.dispatcher.dispatch(SetTokenHidden(address: token, hidden: hidden, chainID: chainID))
            }, proposeMessage: { safe, kind, text, key, password in
                try await session.services.dispatcher.dispatch(ProposeSafeMessage(safe: safe, content: try SafeMessage.Content(kind: kind, text: text),
                                                                                  keyName: key, password: { password }))
            }, ledger: { safe in
                let rows = try await session.services.dispatcher.dispatch(SafeLedgerQuery(safe: safe, chain: chain))
                return SafeLedgerRow.csv(rows, names: try await session.services.dispatcher.dispatch(AddressNamesQuery(chainID: nil)))
            }, executeBatch: { hashes, key, password in
                try await session.services.dispatcher.dispatch(ExecuteSafeBatch(safeTxHashes: hashes, keyName: key, chain: chain, wait: true,
                                                                                password: { password }))
            }, keyBalances: {
                let d = session.services.dispatcher
                return try await d.dispatch(FetchEtherBalances(addresses: try await d.dispatch(ListKeys()).map(\.address), chain: chain))
            })
        }

        /// Always `snapshot`.
        public static func mock(_ snapshot: Snapshot) -> Dependencies { Dependencies(load: { _ in snapshot }) }

        /// Fails every load.
        public static let failing = Dependencies(load: { _ in throw FeatureProblem.unavailable("load") })
    }

    enum CancelID: Hashable, Sendable { case load }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .refresh:
                state.loading = true
                state.error = nil
                let load = dependencies.load, address = state.address
                return .run { send in await send(.loaded(await FeatureError.result { try await load(address) })) }
                    .cancellable(id: CancelID.load, cancelInFlight: true)
            case .loaded(.success(let snapshot)):
                state.loading = false
                state.snapshot = snapshot
                // Only a batch to offer needs a key picker with balances; the first paint does not wait for them.
                guard snapshot.order.canBatch else { return .none }
                let read = dependencies.keyBalances
                return .run { send in await send(.balancesLoaded(await FeatureError.result { try await read() })) }
            case .loaded(.failure(let error)):
                state.loading = false
                state.error = error
                return .none
            case .importTapped(let json):
                state.importing = true
                state.error = nil
                state.imported = nil
                let importFile = dependencies.importFile
                return .run { send in await send(.imported(await FeatureError.result { try await importFile(json) })) }
            case .imported(.success(let result)):
                state.importing = false
                state.imported = result
                return .send(.refresh)
            case .imported(.failure(let error)):
                state.importing = false
                state.error = error
                return .none
            case .tokenHiddenTapped(let token, let hidden):
                guard let chainID = state.snapshot?.info.safe.chainID else { return .none }
                state.error = nil
                let set = dependencies.setTokenHidden
                return .run { send in await send(.tokenHiddenChanged(await FeatureError.result { try await set(chainID, token, hidden) })) }
            case .tokenHiddenChanged(.success):
                return .send(.refresh)
            case .tokenHiddenChanged(.failure(let error)):
                state.error = error
                return .none
            case .proposeMessageTapped(let kind, let text, let keyName, let password):
                state.error = nil
                let propose = dependencies.proposeMessage, address = state.address
                return .run { send in
                    await send(.messageProposed(await FeatureError.result { try await propose(address, kind, text, keyName, password.value) }))
                }
            case .messageProposed(.success(let detail)):
                state.proposedMessage = detail.entry.messageHash
                return .none
            case .messageProposed(.failure(let error)):
                state.error = error
                return .none
            case .ledgerTapped:
                state.error = nil
                state.exportingLedger = true
                let ledger = dependencies.ledger, address = state.address
                return .run { send in await send(.ledgerWritten(await FeatureError.result { try await ledger(address) })) }
            case .executeBatchTapped(let keyName, let password):
                guard let batch = state.snapshot?.order.batch, batch.count >= 2 else { return .none }
                state.executingBatch = true
                state.error = nil
                state.batchExecuted = nil
                let execute = dependencies.executeBatch, hashes = batch.map(\.safeTxHash)
                return .run { send in await send(.batchExecuted(await FeatureError.result { try await execute(hashes, keyName, password.value) })) }
            case .batchExecuted(let result):
                state.executingBatch = false
                switch result {
                case .success(let r):
                    state.batchExecuted = r
                    return .send(.refresh)
                case .failure(let error): state.error = error
                }
                return .none
            case .balancesLoaded(.success(let balances)):
                state.keyBalances = balances
                return .none
            // Unread balances leave the picker without them; the execution's own checks still stand.
            case .balancesLoaded(.failure):
                return .none
            case .ledgerWritten(let result):
                state.exportingLedger = false
                switch result {
                case .success(let csv): state.ledger = csv
                case .failure(let error): state.error = error
                }
                return .none
            }
        }
    }
}
