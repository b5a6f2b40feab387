import BigInt
import EthereumKit

/// One event a transaction would emit, decoded and said in words: the Safe's own configuration
/// events, its execution record, and the token events (ERC-20 and ERC-721 `Transfer`, `Approval`,
/// `ApprovalForAll`). Anything else is named by its topic, never dropped.
public struct SafeEvent: Sendable, Hashable {
    /// Which event.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case addedOwner, removedOwner, changedThreshold, enabledModule, disabledModule, changedGuard, changedModuleGuard
        case changedFallbackHandler, changedMasterCopy, executionSuccess, executionFailure, safeReceived, approveHash
        case safeMultiSigTransaction, safeModuleTransaction
        case transfer, approval, approvalForAll, other
    }

    /// An ERC-20 transfer the event records, for the balance changes.
    public struct TokenTransfer: Sendable, Hashable {
        public let token: Address
        public let from: Address
        public let to: Address
        public let amount: BigUInt

        /// A transfer of `amount` of `token` from `from` to `to`.
        public init(token: Address, from: Address, to: Address, amount: BigUInt) {
            self.token = token
            self.from = from
            self.to = to
            self.amount = amount
        }
    }

    /// The contract that emits it.
    public let contract: Address
    public let kind: Kind
    public let severity: SafeStateChange.Severity
    /// The event in words, e.g. "the Safe: 0x7E5F… becomes an owner (AddedOwner)".
    public let description: String
    /// Set for an ERC-20 `Transfer`.
    public let transfer: TokenTransfer?

    /// A decoded event.
    public init(contract: Address, kind: Kind, severity: SafeStateChange.Severity, description: String, transfer: TokenTransfer? = nil) {
        self.contract = contract
        self.kind = kind
        self.severity = severity
        self.description = description
        self.transfer = transfer
    }
}
