import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// How an executed Safe transaction ran on chain: the Ethereum transaction that carried it, its
/// block and time, who sent it and what it paid, and whether the Safe's call succeeded.
public struct SafeExecutionReport: Sendable, Equatable {
    public let transactionHash: [UInt8]
    public let block: BigUInt
    /// The block's time; nil when the node did not give the block.
    public let date: Date?
    /// Who sent the carrier and paid its gas.
    public let executor: Address
    /// Gas used times the effective gas price, in wei.
    public let fee: BigUInt
    public let gasUsed: BigUInt
    /// Whether the Safe logged `ExecutionSuccess` (false: `ExecutionFailure`, the nonce used up).
    public let success: Bool

    /// A record (for tests and previews).
    public init(transactionHash: [UInt8], block: BigUInt, date: Date?, executor: Address, fee: BigUInt, gasUsed: BigUInt, success: Bool) {
        self.transactionHash = transactionHash
        self.block = block
        self.date = date
        self.executor = executor
        self.fee = fee
        self.gasUsed = gasUsed
        self.success = success
    }

    /// The record a carrier's receipt bears out for `safeTxHash` of `safe`: only an execution
    /// log that passes the chain-fact gate (logged by the Safe itself, not removed) and names
    /// that hash counts; nil when the receipt holds none.
    public static func from(_ receipt: TransactionReceipt, safe: Address, safeTxHash: [UInt8], date: Date?) -> SafeExecutionReport? {
        guard let fact = receipt.logs.compactMap({ SafeExecutionFact($0, of: [safe]) }).first(where: { $0.safeTxHash == safeTxHash }) else { return nil }
        return SafeExecutionReport(transactionHash: receipt.transactionHash, block: receipt.blockNumber, date: date, executor: receipt.from,
                                   fee: receipt.gasUsed * receipt.effectiveGasPrice, gasUsed: receipt.gasUsed, success: fact.success)
    }
}

/// The execution of a stored, executed Safe transaction, read from the chain: its receipt, then
/// its block's time. Nil for a transaction not executed.
public struct SafeExecutionReportQuery: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public let chain: ChainSelection
    public init(safeTxHash: [UInt8], chain: ChainSelection) {
        self.safeTxHash = safeTxHash
        self.chain = chain
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeExecutionReport? { try await store.execution(self) }
}

extension SafeTransactionsStore {
    func execution(_ q: SafeExecutionReportQuery) async throws -> SafeExecutionReport? {
        let entry = try await entry(q.safeTxHash)
        guard entry.status == .executed || entry.status == .failed, let carrier = entry.executionHash else { return nil }
        let chain = try await connector.connect(q.chain)
        guard let receipt = try await chain.remote.transactionReceipt(hash: carrier) else { throw SafeExecutionUnconfirmed(transactionHash: carrier) }
        let block = try? await chain.remote.block(.number(receipt.blockNumber))
        guard let record = SafeExecutionReport.from(receipt, safe: entry.transaction.safe, safeTxHash: entry.safeTxHash,
                                                    date: block.map { Date(timeIntervalSince1970: TimeInterval($0.timestamp)) }) else {
            throw SafeExecutionUnconfirmed(transactionHash: carrier)
        }
        return record
    }
}

/// The node has no receipt for the carrier, or the receipt holds no execution log of the Safe for
/// the transaction (a reorganisation took it back, or the node answered for something else).
public struct SafeExecutionUnconfirmed: Error, Equatable, CustomStringConvertible {
    public let transactionHash: [UInt8]
    public var description: String {
        "the node does not confirm that \(Hex.encode(transactionHash)) executed this Safe transaction; it may have been reorganised away"
    }
}
