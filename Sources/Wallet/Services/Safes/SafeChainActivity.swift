import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit

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
    }

    public let safe: Address
    /// Oldest first.
    public let executions: [Execution]
    /// The Safe's `SafeReceived` logs, oldest first.
    public let received: [Log]
    /// `Transfer` logs (ERC-20 and ERC-721) from or to the Safe, oldest first, each once.
    public let tokenTransfers: [Log]
    private let times: [BigUInt: Date]

    /// The time of `block`, one this activity read; the epoch for any other.
    public func date(of block: BigUInt?) -> Date { block.flatMap { times[$0] } ?? Date(timeIntervalSince1970: 0) }

    /// The filters for `Transfer` logs from and to `safes`: the token movements that a Safe's
    /// activity and a co-signing server's events read.
    package static func transferFilters(_ safes: [Address]) -> [LogFilter] {
        let words = safes.map { [UInt8](repeating: 0, count: 12) + $0.bytes }
        return [LogFilter(topics: [[SafeLedger.transferTopic], words]), LogFilter(topics: [[SafeLedger.transferTopic], nil, words])]
    }

    /// Reads the activity of `safe` from block `from` to `to`: three log queries, then the
    /// carriers, their receipts and the blocks in one batch each.
    public static func read(_ safe: Address, remote: EthereumRemote, from: BigUInt, to: BigUInt) async throws(NetworkError) -> SafeChainActivity {
        let own = LogFilter(address: [safe], topics: [[SafeEvents.executionSuccess, SafeEvents.executionFailure, SafeEvents.moduleExecutionSuccess,
                                                      SafeEvents.moduleExecutionFailure, SafeEvents.safeReceived]])
        let ownLogs = try await remote.logs(own, from: from, to: to).filter { $0.isFact(from: [safe]) }
        var tokenLogs: [Log] = []
        var seen = Set<[UInt8]>()
        for filter in Self.transferFilters([safe]) {
            // A transfer from the Safe to itself answers both filters; it is kept once.
            for log in try await remote.logs(filter, from: from, to: to) where log.isFact(from: nil) && seen.insert(position(log)).inserted {
                tokenLogs.append(log)
            }
        }
        tokenLogs.sort { order($0) < order($1) }
        let executionLogs = ownLogs.filter { $0.topics.first != SafeEvents.safeReceived }
        let carriers = executionLogs.compactMap(\.transactionHash)
        let r = EthereumRemote.Requests.self
        let carrier = try await remote.batch(carriers, r.transaction(hash:))
        let receipt = try await remote.batch(carriers, r.transactionReceipt(hash:))
        let blocks = try await remote.batch((ownLogs + tokenLogs).compactMap(\.blockNumber)) { r.block(.number($0)) }
        let times = blocks.mapValues { Date(timeIntervalSince1970: TimeInterval($0.timestamp)) }
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
                                 tokenTransfers: tokenLogs, times: times)
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
