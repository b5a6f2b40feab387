import Storage

/// A transaction this home sent, in the JSON the command line prints (`tx list`).
public struct SentTransactionView: Codable, Sendable, Hashable {
    public var hash: String
    public var status: String
    public var from: String
    @NullWhenAbsent public var to: String?
    public var value: String
    public var nonce: String
    @NullWhenAbsent public var token: String?
    @NullWhenAbsent public var tokenAmount: String?
    public var chainId: String
    @NullWhenAbsent public var blockNumber: String?

    /// The view of `transaction`.
    public init(_ transaction: StoredTransaction) {
        hash = Hex.encode(transaction.hash)
        status = transaction.status.rawValue
        from = transaction.from.checksummed
        to = transaction.to?.checksummed
        value = String(transaction.value)
        nonce = String(transaction.nonce)
        token = transaction.token?.checksummed
        tokenAmount = transaction.tokenAmount.map { String($0) }
        chainId = String(transaction.chainID)
        blockNumber = transaction.blockNumber.map { String($0) }
    }
}

/// Where a transaction stands, as the node and the local record say (`tx status`).
public struct TransactionStatusView: Codable, Sendable, Hashable {
    public var hash: String
    /// `success` or `reverted` once mined; `pending` while the node knows it; else the local
    /// record's status, or `unknown`.
    public var status: String
    @NullWhenAbsent public var blockNumber: String?
    @NullWhenAbsent public var gasUsed: String?
    @NullWhenAbsent public var effectiveGasPrice: String?
    /// Whether this home sent it.
    public var local: Bool

    /// The view of `state`.
    public init(_ state: TransactionState) {
        hash = Hex.encode(state.hash)
        if let receipt = state.receipt { status = receipt.status ? "success" : "reverted" }
        else if state.known { status = "pending" }
        else { status = state.local?.status.rawValue ?? "unknown" }
        blockNumber = state.receipt.map { String($0.blockNumber) }
        gasUsed = state.receipt.map { String($0.gasUsed) }
        effectiveGasPrice = state.receipt.map { String($0.effectiveGasPrice) }
        local = state.local != nil
    }
}
