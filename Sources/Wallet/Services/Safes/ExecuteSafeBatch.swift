import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// The outcome of a batch execution: one Ethereum transaction, each Safe transaction's outcome.
public struct SafeBatchExecutionResult: Sendable, Equatable {
    /// The Safe transactions, in nonce order, as stored after the execution.
    public let entries: [SafeTransactionEntry]
    public let transaction: StoredTransaction
    /// nil until mined (without `wait`); then whether every one reported `ExecutionSuccess`.
    public let success: Bool?

    /// A SafeBatchExecutionResult value.
    public init(entries: [SafeTransactionEntry], transaction: StoredTransaction, success: Bool?) {
        self.entries = entries
        self.transaction = transaction
        self.success = success
    }
}

/// Executes consecutive Safe transactions in one Ethereum transaction, as Safe{Wallet}'s batch
/// execute does: MultiSendCallOnly calls the Safe's `execTransaction` for each, in nonce order.
/// Their nonces must follow one another from the Safe's, and each must already hold its
/// threshold of owner signatures: the Safe sees MultiSendCallOnly as the sender, so the
/// executor's own approval by sending cannot count. Simulated whole before anything is sent.
public struct ExecuteSafeBatch: SafeTransactionsAction {
    public let safeTxHashes: [[UInt8]]
    public let keyName: String
    public let chain: ChainSelection
    public let wait: Bool
    public let timeoutSeconds: Int
    public let password: @Sendable () throws -> String
    public let progress: @Sendable (SendProgress) -> Void
    public init(safeTxHashes: [[UInt8]], keyName: String, chain: ChainSelection, wait: Bool, timeoutSeconds: Int = 120,
                password: @escaping @Sendable () throws -> String, progress: @escaping @Sendable (SendProgress) -> Void = { _ in }) {
        self.safeTxHashes = safeTxHashes
        self.keyName = keyName
        self.chain = chain
        self.wait = wait
        self.timeoutSeconds = timeoutSeconds
        self.password = password
        self.progress = progress
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeBatchExecutionResult { try await store.executeBatch(self) }
}

extension SafeTx {
    /// Whether it may run inside a batch: with safeTxGas or a gas price, execTransaction returns
    /// false on an inner failure instead of reverting, and MultiSend goes on, so the nonce would
    /// burn unseen; alone, the failure shows.
    public var runsInBatch: Bool { safeTxGas == 0 && gasPrice == 0 }
}

extension SafeTransactionsStore {
    func executeBatch(_ x: ExecuteSafeBatch) async throws -> SafeBatchExecutionResult {
        guard Set(x.safeTxHashes).count == x.safeTxHashes.count else { throw SafeError.batchNotExecutable("a transaction is named twice") }
        guard x.safeTxHashes.count >= 2 else { throw SafeError.batchNotExecutable("a batch needs two transactions or more") }
        var entries: [SafeTransactionEntry] = []
        for hash in x.safeTxHashes {
            let entry = try await entry(hash)
            guard entry.status == .queued, entry.executionHash == nil else { throw SafeError.alreadyExecuted(Hex.encode(hash)) }
            entries.append(entry)
        }
        entries.sort { $0.transaction.nonce < $1.transaction.nonce }
        let first = entries[0].transaction
        guard entries.allSatisfy({ $0.transaction.safe == first.safe && $0.transaction.chainID == first.chainID }) else {
            throw SafeError.batchNotExecutable("its transactions are for different Safes")
        }
        let executor = try await keys.account(named: x.keyName).address
        let chain = try await connector.connect(x.chain)
        let safe = try await refresh(first.safe, chain: chain).safe
        guard safe.chainID == first.chainID else { throw SafeError.wrongChain(safeChain: first.chainID ?? 0, nodeChain: safe.chainID) }
        var calls: [[UInt8]] = []
        for (offset, entry) in entries.enumerated() {
            guard entry.transaction.runsInBatch else {
                throw SafeError.batchNotExecutable("nonce \(entry.transaction.nonce) sets safeTxGas or a gas refund: execute it on its own")
            }
            let nonce = entry.transaction.nonce, expected = safe.nonce + BigUInt(offset)
            guard nonce >= safe.nonce else { throw SafeError.nonceUsed(nonce: nonce, current: safe.nonce) }
            guard nonce == expected else {
                throw SafeError.batchNotExecutable("the Safe is at nonce \(safe.nonce), so the batch needs nonce \(expected) where it has \(nonce)")
            }
            calls.append(try await execTransactionCall(entry, safe: safe, chain: chain, sender: nil))
        }
        let (target, calldata) = try deployingIfNeeded(safe, then: calls, chain: chain)
        try await simulate(calldata, from: executor, safe: target, chain: chain)

        let sent = try await transactions.send(SendTransaction(
            keyName: x.keyName, transfer: .contractCall(to: target, value: 0, data: calldata), chain: x.chain,
            wait: x.wait, timeoutSeconds: x.timeoutSeconds, password: x.password, progress: x.progress))
        var updated: [SafeTransactionEntry] = []
        var allSucceeded = true
        for entry in entries {
            var next = entry.with(executionHash: sent.transaction.hash, updatedAt: now())
            if let receipt = sent.receipt {
                let success = Self.succeeded(entry, in: receipt, safe: safe.address, version: safe.safeVersion)
                allSucceeded = allSucceeded && success
                next = next.with(status: success ? .executed : .failed, updatedAt: now())
            }
            try await storage.save(next)
            updated.append(next)
        }
        if sent.receipt != nil { _ = try? await refresh(safe.address, chain: chain) }
        return SafeBatchExecutionResult(entries: updated, transaction: sent.transaction, success: sent.receipt == nil ? nil : allSucceeded)
    }
}
