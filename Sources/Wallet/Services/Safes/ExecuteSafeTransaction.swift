import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// The outcome of an execution.
public struct SafeExecutionResult: Sendable, Equatable {
    public let entry: SafeTransactionEntry
    public let transaction: StoredTransaction
    /// nil until mined (without `wait`); then whether the Safe reported `ExecutionSuccess`.
    public let success: Bool?

    /// A SafeExecutionResult value.
    public init(entry: SafeTransactionEntry, transaction: StoredTransaction, success: Bool?) {
        self.entry = entry
        self.transaction = transaction
        self.success = success
    }
}

/// Executes a Safe transaction from a vault key: only with enough valid owner signatures, only
/// at the Safe's current nonce, and only after an `eth_call` simulation succeeded.
public struct ExecuteSafeTransaction: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public let keyName: String
    public let chain: ChainSelection
    public let wait: Bool
    public let timeoutSeconds: Int
    public let password: @Sendable () throws -> String
    public let progress: @Sendable (SendProgress) -> Void
    public init(safeTxHash: [UInt8], keyName: String, chain: ChainSelection, wait: Bool, timeoutSeconds: Int = 120,
                password: @escaping @Sendable () throws -> String, progress: @escaping @Sendable (SendProgress) -> Void = { _ in }) {
        self.safeTxHash = safeTxHash
        self.keyName = keyName
        self.chain = chain
        self.wait = wait
        self.timeoutSeconds = timeoutSeconds
        self.password = password
        self.progress = progress
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeExecutionResult { try await store.execute(self) }
}

extension SafeTransactionsStore {
    func execute(_ x: ExecuteSafeTransaction) async throws -> SafeExecutionResult {
        let entry = try await entry(x.safeTxHash)
        guard entry.status == .queued, entry.executionHash == nil else { throw SafeError.alreadyExecuted(Hex.encode(x.safeTxHash)) }
        let tx = entry.transaction
        let executor = try await keys.account(named: x.keyName).address
        let chain = try await connector.connect(x.chain)
        let safe = try await refresh(tx.safe, chain: chain).safe
        guard safe.chainID == tx.chainID else { throw SafeError.wrongChain(safeChain: tx.chainID ?? 0, nodeChain: safe.chainID) }
        guard tx.nonce >= safe.nonce else { throw SafeError.nonceUsed(nonce: tx.nonce, current: safe.nonce) }
        guard tx.nonce == safe.nonce else { throw SafeError.nonceAhead(nonce: tx.nonce, current: safe.nonce) }

        // A Safe not deployed yet is deployed in the same transaction, through MultiSendCallOnly: the Safe sees it as the sender.
        let exec = try await execTransactionCall(entry, safe: safe, chain: chain, sender: safe.isDeployed ? executor : nil)
        let (target, calldata) = try deployingIfNeeded(safe, then: [exec], chain: chain)
        try await simulate(calldata, from: executor, safe: target, chain: chain)

        let sent = try await transactions.send(SendTransaction(
            keyName: x.keyName, transfer: .contractCall(to: target, value: 0, data: calldata), chain: x.chain,
            wait: x.wait, timeoutSeconds: x.timeoutSeconds, password: x.password, progress: x.progress))
        var updated = entry.with(executionHash: sent.transaction.hash, updatedAt: now())
        var success: Bool? = nil
        if let receipt = sent.receipt {
            success = Self.succeeded(entry, in: receipt, safe: safe.address, version: safe.safeVersion)
            updated = updated.with(status: success == true ? .executed : .failed, updatedAt: now())
        }
        try await storage.save(updated)
        if sent.receipt != nil { _ = try? await refresh(safe.address, chain: chain) }
        return SafeExecutionResult(entry: updated, transaction: sent.transaction, success: success)
    }

    /// Whether `entry` ran in the Ethereum transaction of `receipt`: it succeeded, and the Safe's own
    /// log (a chain fact, through its gate) records this safeTxHash as executed, not failed (for
    /// 1.0.0, which logs no success, that no failure is logged).
    static func succeeded(_ entry: SafeTransactionEntry, in receipt: TransactionReceipt, safe: Address, version: SafeVersion? = nil) -> Bool {
        let logs = receipt.logs.filter { $0.isFact(from: [safe]) }.map { (topics: $0.topics, data: $0.data) }
        return receipt.status && SafeEvents.succeeded(entry.safeTxHash, logs: logs, version: version)
    }

    /// `execTransaction` calldata for `entry` with the signatures that count on `chain` now, or
    /// `SafeError.notEnoughSignatures`. `sender` is who calls the Safe: an owner sending confirms
    /// by sending (v = 1 from msg.sender); nil when a contract calls it (a batch through MultiSendCallOnly).
    func execTransactionCall(_ entry: SafeTransactionEntry, safe: Safe, chain: Chain, sender: Address?) async throws -> [UInt8] {
        let tx = entry.transaction
        let others = entry.signatures.filter { safe.owners.contains($0.owner) && $0.owner != sender }
        // Owners who said nothing may still have approved on chain, e.g. an owner Safe through its own transaction.
        let silent = safe.owners.filter { $0 != sender }
        let subject = try entry.signedSubject
        var signatures = try await gate(for: safe, chain: chain).admit(others, for: subject, safe: safe, policy: .setAside, alsoAsk: silent).admitted
        // An owner executing confirms by sending: the Safe accepts v = 1 from msg.sender.
        if let executor = sender, safe.owners.contains(executor) {
            signatures.append(entry.signatures.first { $0.owner == executor && $0.provesOwner } ?? .approvedHash(by: executor))
        }
        // The owner Safes as the chain has them now: a stored one may have lost the owners whose signatures it holds.
        var ownerSafes: [Safe] = []
        for child in try await self.ownerSafes(of: safe) where signatures.contains(where: { $0.owner == child.address && $0.kind == .contract }) {
            ownerSafes.append(try await refresh(child.address, chain: chain).safe)
        }
        signatures = safe.counted(signatures, of: subject, ownerSafes: ownerSafes)
        let count = safe.count(ConfirmationSet(signatures))
        guard count.isReady else {
            throw SafeError.notEnoughSignatures(have: count.confirmed, need: safe.threshold, missing: count.missing)
        }
        // Being ready bounds the threshold by the signature count, so it fits an Int.
        let needed = Int(exactly: safe.threshold) ?? signatures.count
        let chosen = Array(signatures.sorted { $0.owner < $1.owner }.prefix(needed))
        return try tx.execTransactionCall(signatures: SafeSignature.pack(chosen))
    }

    /// Runs `execTransaction` with `eth_call` from the executor; a revert is reported, not sent.
    func simulate(_ calldata: [UInt8], from executor: Address, safe: Address, chain: Chain) async throws {
        do {
            let result = try await chain.remote.call(CallRequest(from: executor, to: safe, data: calldata))
            if case .bool(false)? = try? ABIDecoder.decode(.bool, from: result) {
                throw ChainError.wouldRevert("the Safe reports the inner call would fail")
            }
        } catch NetworkError.rpc(_, let message, let data) {
            let reason = data.flatMap { try? Hex.decode($0) }.map(RevertReason.describe) ?? message
            throw ChainError.wouldRevert("simulation: " + SafeRevertCodes.describe(reason))
        }
    }
}
