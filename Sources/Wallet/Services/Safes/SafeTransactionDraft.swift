import BigInt
import SafeKit
import Storage

/// A Safe transaction built (call, nonce, summary, hash) but stored nowhere: what a review before
/// proposing shows, and exactly what proposing it later stores, so the signed transaction is the
/// reviewed one.
public struct SafeTransactionDraft: Sendable, Equatable {
    public let transaction: SafeTx
    public let safeTxHash: [UInt8]
    public let summary: String
    /// The functions the intent named (a contract call's, a Transaction Builder file's), by the
    /// contract they call: the review reads the draft with them, proposing remembers them.
    public let functions: [Address: [ContractFunction]]

    /// A draft of `transaction`, described by `summary`.
    public init(transaction: SafeTx, summary: String, functions: [Address: [ContractFunction]] = [:]) throws {
        self.transaction = transaction
        self.safeTxHash = try transaction.hash()
        self.summary = summary
        self.functions = functions
    }
}

/// Builds a Safe transaction as `ProposeSafeTransaction` would (one read of the Safe, the call
/// checked, the next free nonce unless one is given) and stores nothing: not the transaction,
/// not the Safe, not the intent's functions.
public struct DraftSafeTransaction: SafeTransactionsAction {
    /// The proposal this drafts, with the same fields.
    public let proposal: ProposeSafeTransaction
    public init(safe: Address, intent: SafeIntent, nonce: BigUInt? = nil, refund: SafeTxRefund = .none, chain: ChainSelection) {
        proposal = ProposeSafeTransaction(safe: safe, intent: intent, nonce: nonce, refund: refund, chain: chain)
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeTransactionDraft {
        try await store.draft(proposal, follow: false)
    }
}

/// Proposes a reviewed draft: stores it as it is, signed by `keyName` when one is given. The key
/// signs before anything is stored, so a wrong password or a key that is no owner stores nothing.
public struct ProposeSafeTransactionDraft: SafeTransactionsAction {
    public let draft: SafeTransactionDraft
    public let keyName: String?
    public let password: @Sendable () throws -> String
    /// Stores `draft` unsigned.
    public init(_ draft: SafeTransactionDraft) {
        self.draft = draft
        self.keyName = nil
        self.password = { "" }
    }
    /// Stores `draft` with the signature of vault key `keyName`.
    public init(_ draft: SafeTransactionDraft, keyName: String, password: @escaping @Sendable () throws -> String) {
        self.draft = draft
        self.keyName = keyName
        self.password = password
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeConfirmations { try await store.propose(self) }
}

extension SafeTransactionsStore {
    func propose(_ p: ProposeSafeTransactionDraft) async throws -> SafeConfirmations {
        let tx = p.draft.transaction
        let safe = try await followedSafe(of: tx)
        guard tx.nonce >= safe.nonce else { throw SafeError.nonceUsed(nonce: tx.nonce, current: safe.nonce) }
        var signature: SafeSignature?
        if let keyName = p.keyName {
            let account = try await keys.account(named: keyName)
            guard safe.owners.contains(account.address) else { throw SafeError.notAnOwner(signer: account.address, safe: safe.address) }
            let signer = try await keys.signer(name: keyName, password: p.password)
            signature = try await signer.safeSignature(preimage: try tx.encodedData())
        }
        let entry = try await store(p.draft)
        guard let signature else { return try await confirmations(entry, safe: safe, signature: nil) }
        let signed = try await admit([signature], of: tx, safeTxHash: p.draft.safeTxHash, safe: safe, chain: nil).entry
        return try await confirmations(signed, safe: safe, signature: signature)
    }

    /// Stores `draft` as queued (the one already stored under its hash stays), and keeps its functions.
    func store(_ draft: SafeTransactionDraft) async throws -> SafeTransactionEntry {
        if let existing = try await storage.transaction(safeTxHash: draft.safeTxHash) { return existing }
        let entry = SafeTransactionEntry(transaction: draft.transaction, safeTxHash: draft.safeTxHash, signatures: [], status: .queued,
                                         executionHash: nil, summary: draft.summary, createdAt: now(), updatedAt: now())
        try await storage.save(entry)
        if let chainID = draft.transaction.chainID {
            for (contract, functions) in draft.functions {
                for function in functions { await connector.remember(function, at: contract, chainID: chainID) }
            }
        }
        return entry
    }
}
