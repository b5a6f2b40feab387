import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Synchronization

/// What a Safe did and received on chain in a block range, from logs alone (no trace API): its
/// executions, by owners or by a module, with the transactions that carried them; the ether it
/// received; the token `Transfer`s from or to it; and each block's time. The wallet's ledger and
/// the served transfer listings both read it, so they agree on what moved.
public struct SafeChainActivity: Sendable {
    /// One `ExecutionSuccess`/`ExecutionFailure`, or a module's `ExecutionFromModule…`, with the
    /// transaction that carried it.
    public struct Execution: Sendable {
        /// The Safe's execution log: its block and place there.
        public let log: Log
        /// The Safe transaction's hash; nil for a module's execution.
        public let safeTxHash: [UInt8]?
        /// The module that executed; nil for the owners' execution.
        public let module: Address?
        public let success: Bool
        /// The chain transaction that carried it, when the node returned it.
        public let carrier: RemoteTransaction?
        /// What the carrier cost its sender, in wei.
        public let fee: BigUInt?
        public let gasUsed: BigUInt?
        public let gasPrice: BigUInt?
        /// The call the Safe ran, when the carrier called the Safe itself; through another
        /// contract, only a trace would show it.
        public let call: MultiSendCall?

        /// Who sent the carrier and paid its gas.
        public var executor: Address? { carrier?.from }

        /// An execution as read (for tests).
        package init(log: Log, safeTxHash: [UInt8]?, module: Address?, success: Bool, carrier: RemoteTransaction?, fee: BigUInt?,
                     gasUsed: BigUInt?, gasPrice: BigUInt?, call: MultiSendCall?) {
            self.log = log
            self.safeTxHash = safeTxHash
            self.module = module
            self.success = success
            self.carrier = carrier
            self.fee = fee
            self.gasUsed = gasUsed
            self.gasPrice = gasPrice
            self.call = call
        }
    }

    public let safe: Address
    /// Oldest first.
    public let executions: [Execution]
    /// The Safe's `SafeReceived` logs, oldest first.
    public let received: [Log]
    /// `Transfer` logs (ERC-20 and ERC-721) from or to the Safe, oldest first, each once.
    public let tokenTransfers: [Log]
    private let times: [BigUInt: Date]
    /// The symbol and decimals of the tokens read with the activity (those the caller did not know).
    public let assets: [Address: (symbol: String, decimals: Int)]

    /// The activity as read (for tests and callers that assembled it themselves).
    package init(safe: Address, executions: [Execution], received: [Log], tokenTransfers: [Log], times: [BigUInt: Date],
                 assets: [Address: (symbol: String, decimals: Int)] = [:]) {
        self.safe = safe
        self.executions = executions
        self.received = received
        self.tokenTransfers = tokenTransfers
        self.times = times
        self.assets = assets
    }

    /// Whether `block`'s time was read.
    public func knowsDate(of block: BigUInt?) -> Bool { block.map { times[$0] != nil } ?? false }

    /// The time of `block`, one this activity read; the epoch for any other.
    public func date(of block: BigUInt?) -> Date { block.flatMap { times[$0] } ?? Date(timeIntervalSince1970: 0) }

    /// The filters for `Transfer` logs from and to `safes`: the token movements that a Safe's
    /// activity and a co-signing server's events read.
    package static func transferFilters(_ safes: [Address]) -> [LogFilter] {
        let words = safes.map { [UInt8](repeating: 0, count: 12) + $0.bytes }
        return [LogFilter(topics: [[SafeLedger.transferTopic], words]), LogFilter(topics: [[SafeLedger.transferTopic], nil, words])]
    }

    /// Reads the activity of `safe` from block `from` to `to`: three log queries, then the
    /// carriers, their receipts and the blocks in one batch.
    public static func read(_ safe: Address, remote: EthereumRemote, from: BigUInt, to: BigUInt) async throws(NetworkError) -> SafeChainActivity {
        let own = try await remote.logs(ownFilter(safe), from: from, to: to)
        var tokens: [Log] = []
        for filter in Self.transferFilters([safe]) { tokens += try await remote.logs(filter, from: from, to: to) }
        return try await assemble(safe, own: own, tokens: tokens, remote: remote)
    }

    /// The Safe's own activity logs: its executions (by owners or a module) and the ether it received.
    static func ownFilter(_ safe: Address) -> LogFilter {
        LogFilter(address: [safe], topics: [[SafeEvents.executionSuccess, SafeEvents.executionFailure, SafeEvents.moduleExecutionSuccess,
                                            SafeEvents.moduleExecutionFailure, SafeEvents.safeReceived]])
    }

    /// The three log queries of `safe`'s activity from `from` (its creation block, when known) to
    /// the latest block, for a caller to put in its own batch: the Safe's own logs, then the
    /// token transfers from it and to it. Their answers go to `assemble`.
    package static func logRequests(_ safe: Address, from: BigUInt?) -> [RPCRequest<[Log]>] {
        ([ownFilter(safe)] + transferFilters([safe])).map { filter in
            var ranged = filter
            ranged.fromBlock = from.map { .number($0) } ?? .earliest
            ranged.toBlock = .latest
            return EthereumRemote.Requests.logs(ranged)
        }
    }

    /// The activity from the logs read: only the Safe's own logs count for its executions and
    /// receipts (not removed), each transfer once; then, in ONE batch, what those logs name and
    /// neither they (a block's time on the log) nor this process already gave: the carriers
    /// `carrierWanted` asks for, their receipts (with `receipts`: the fee), the blocks' times, and
    /// the symbol and decimals of the tokens `known` does not name. None when all is known.
    package static func assemble(_ safe: Address, own: [Log], tokens: [Log], remote: EthereumRemote, receipts withReceipts: Bool = true,
                                 known: Set<Address>? = nil, chainID: BigUInt? = nil,
                                 carrierWanted: (Log) -> Bool = { _ in true }) async throws(NetworkError) -> SafeChainActivity {
        let ownLogs = own.filter { $0.isFact(from: [safe]) }.sorted { order($0) < order($1) }
        var tokenLogs: [Log] = []
        var seen = Set<[UInt8]>()
        // A transfer from the Safe to itself answers both filters; it is kept once.
        for log in tokens where log.isFact(from: nil) && seen.insert(position(log)).inserted { tokenLogs.append(log) }
        tokenLogs.sort { order($0) < order($1) }
        let executionLogs = ownLogs.filter { $0.topics.first != SafeEvents.safeReceived }
        let cached = Cache.shared.read(carriers: executionLogs.compactMap(\.transactionHash), blocks: (ownLogs + tokenLogs).compactMap(\.blockHash))
        var carrier = cached.carriers
        let carriers = Array(Set(executionLogs.filter(carrierWanted).compactMap(\.transactionHash).filter { carrier[$0] == nil }))
        let receiptHashes = withReceipts ? Array(Set(executionLogs.compactMap(\.transactionHash))) : []
        var times: [BigUInt: Date] = [:]
        var unread = Set<BigUInt>()
        for log in ownLogs + tokenLogs {
            guard let number = log.blockNumber else { continue }
            if let stamp = log.blockTimestamp {
                times[number] = Date(timeIntervalSince1970: TimeInterval(stamp))
            } else if let hash = log.blockHash, let time = cached.times[hash] {
                times[number] = time
            } else {
                unread.insert(number)
            }
        }
        let blockNumbers = Array(unread)
        var assets = chainID.map { Cache.shared.assets(chainID: $0) } ?? [:]
        let tokenContracts = known.map { known in
            Array(Set(tokenLogs.filter { $0.topics.count == 3 }.map(\.address))).filter { !known.contains($0) && assets[$0] == nil }
        } ?? []
        let r = EthereumRemote.Requests.self
        var batch = RPCBatch()
        let carrierSlots = carriers.map { batch.add(r.transaction(hash: $0)) }
        let receiptSlots = receiptHashes.map { batch.add(r.transactionReceipt(hash: $0)) }
        let blockSlots = blockNumbers.map { batch.add(r.block(.number($0))) }
        let tokenSlots = tokenContracts.map { (batch.add(r.call(CallRequest(to: $0, data: ERC20.symbol))), batch.add(r.call(CallRequest(to: $0, data: ERC20.decimals)))) }
        var receipt: [[UInt8]: TransactionReceipt] = [:], readBlocks: [Block] = []
        if batch.count > 0 {
            let answers = try await remote.send(batch)
            for (hash, slot) in zip(carriers, carrierSlots) { if case .success(let tx?) = answers[slot] { carrier[hash] = tx } }
            for (hash, slot) in zip(receiptHashes, receiptSlots) { if case .success(let mined?) = answers[slot] { receipt[hash] = mined } }
            for (number, slot) in zip(blockNumbers, blockSlots) {
                guard case .success(let block?) = answers[slot] else { continue }
                times[number] = Date(timeIntervalSince1970: TimeInterval(block.timestamp))
                readBlocks.append(block)
            }
            for (token, slots) in zip(tokenContracts, tokenSlots) {
                let symbol = (try? answers[slots.0].get()).flatMap { try? ERC20.decodeString($0) } ?? "?"
                let decimals = (try? answers[slots.1].get()).flatMap { try? ERC20.decodeUInt($0) }.map { Int(min($0, 255)) } ?? 0
                assets[token] = (symbol, decimals)
            }
            Cache.shared.remember(carriers: carriers.compactMap { carrier[$0] }, blocks: readBlocks)
            if let chainID { Cache.shared.remember(assets: assets, chainID: chainID) }
        }
        let executions = executionLogs.compactMap { log -> Execution? in
            let tx = log.transactionHash.flatMap { carrier[$0] }, mined = log.transactionHash.flatMap { receipt[$0] }
            let fee = mined.map { $0.gasUsed * $0.effectiveGasPrice }
            let call = Self.call(ranBy: log, carrier: tx)
            if let multisig = SafeEvents.execution(topics: log.topics, data: log.data) {
                return Execution(log: log, safeTxHash: multisig.safeTxHash, module: nil, success: multisig.success, carrier: tx, fee: fee,
                                 gasUsed: mined?.gasUsed, gasPrice: mined?.effectiveGasPrice, call: call)
            }
            guard let byModule = SafeEvents.moduleExecution(topics: log.topics, data: log.data) else { return nil }
            return Execution(log: log, safeTxHash: nil, module: byModule.module, success: byModule.success, carrier: tx, fee: fee,
                             gasUsed: mined?.gasUsed, gasPrice: mined?.effectiveGasPrice, call: call)
        }
        return SafeChainActivity(safe: safe, executions: executions, received: ownLogs.filter { $0.topics.first == SafeEvents.safeReceived },
                                 tokenTransfers: tokenLogs, times: times, assets: assets)
    }

    /// What never changes once read, kept for the process: a transaction by its hash (the hash
    /// commits to its content) and a block's time by the block's hash (a reorganisation gives
    /// other hashes, so neither can go stale); and a token's symbol and decimals on its chain, as
    /// the balances' own reading takes them as fixed. Bounded, and emptied when full.
    final class Cache: Sendable {
        static let shared = Cache()
        private static let limit = 20_000
        private let state = Mutex<(carriers: [[UInt8]: RemoteTransaction], times: [[UInt8]: Date])>(([:], [:]))
        private let tokens = Mutex<[BigUInt: [Address: (symbol: String, decimals: Int)]]>([:])

        func assets(chainID: BigUInt) -> [Address: (symbol: String, decimals: Int)] { tokens.withLock { $0[chainID] ?? [:] } }

        func remember(assets: [Address: (symbol: String, decimals: Int)], chainID: BigUInt) {
            guard !assets.isEmpty else { return }
            tokens.withLock { tokens in
                if (tokens[chainID]?.count ?? 0) > Self.limit { tokens[chainID] = [:] }
                tokens[chainID, default: [:]].merge(assets) { _, read in read }
            }
        }

        func read(carriers: [[UInt8]], blocks: [[UInt8]]) -> (carriers: [[UInt8]: RemoteTransaction], times: [[UInt8]: Date]) {
            state.withLock { state in
                var found: (carriers: [[UInt8]: RemoteTransaction], times: [[UInt8]: Date]) = ([:], [:])
                for hash in carriers { found.carriers[hash] = state.carriers[hash] }
                for hash in blocks { found.times[hash] = state.times[hash] }
                return found
            }
        }

        func remember(carriers: [RemoteTransaction], blocks: [Block]) {
            state.withLock { state in
                if state.carriers.count + carriers.count > Self.limit { state.carriers = [:] }
                if state.times.count + blocks.count > Self.limit { state.times = [:] }
                for tx in carriers { state.carriers[tx.hash] = tx }
                for block in blocks { state.times[block.hash] = Date(timeIntervalSince1970: TimeInterval(block.timestamp)) }
            }
        }
    }

    /// The call a Safe's execution log says it ran, read from the transaction that carried it when
    /// that called the Safe itself: `execTransaction` for the owners, `execTransactionFromModule`
    /// for a module that sent it. Through another contract only a trace would show it: nil.
    public static func call(ranBy log: Log, carrier: RemoteTransaction?) -> MultiSendCall? {
        guard let carrier, carrier.to == log.address else { return nil }
        if SafeEvents.execution(topics: log.topics, data: log.data) != nil { return SafeContract.executedCall(carrier.input) }
        guard let byModule = SafeEvents.moduleExecution(topics: log.topics, data: log.data), carrier.from == byModule.module else { return nil }
        return SafeContract.moduleCall(carrier.input)
    }

    /// Where a log sorts: its block, then its place in the block.
    package static func order(_ log: Log) -> (BigUInt, BigUInt) { (log.blockNumber ?? 0, log.logIndex ?? 0) }

    private static func position(_ log: Log) -> [UInt8] { (log.transactionHash ?? []) + Array(String(log.logIndex ?? 0).utf8) }
}
