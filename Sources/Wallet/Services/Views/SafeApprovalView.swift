import Storage

/// An approval of a Safe transaction, as the command line prints it in JSON (`safe approve`):
/// either the owner key's `approveHash` sent on chain, or the owner Safe's own transaction
/// proposed to approve it.
public enum SafeApprovalView: Encodable, Sendable, Hashable {
    /// `approveHash` sent by an owner key.
    case onChain(txHash: String, status: String)
    /// The owner Safe's transaction that will call `approveHash`, and its confirmations so far.
    case viaOwnerSafe(ownerSafe: String, safeTxHash: String, nonce: String, confirmations: JSONNumber)

    /// An owner key's approval, sent as `sent`.
    public init(sent: SendResult) {
        self = .onChain(txHash: Hex.encode(sent.transaction.hash), status: sent.transaction.status.rawValue)
    }

    /// The owner Safe `ownerSafe`'s proposal `entry`, confirmed `confirmations` times so far.
    public init(ownerSafe: Address, entry: SafeTransactionEntry, confirmations: Int) {
        self = .viaOwnerSafe(ownerSafe: ownerSafe.checksummed, safeTxHash: Hex.encode(entry.safeTxHash), nonce: String(entry.transaction.nonce),
                             confirmations: JSONNumber(confirmations))
    }

    private enum Keys: String, CodingKey { case txHash, status, ownerSafe, safeTxHash, nonce, confirmations }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .onChain(let txHash, let status):
            try c.encode(txHash, forKey: .txHash)
            try c.encode(status, forKey: .status)
        case .viaOwnerSafe(let ownerSafe, let safeTxHash, let nonce, let confirmations):
            try c.encode(ownerSafe, forKey: .ownerSafe)
            try c.encode(safeTxHash, forKey: .safeTxHash)
            try c.encode(nonce, forKey: .nonce)
            try c.encode(confirmations, forKey: .confirmations)
        }
    }
}
