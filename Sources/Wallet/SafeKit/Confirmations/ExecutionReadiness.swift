import BigInt

/// Whether a queued Safe transaction can execute now. A Safe runs its transactions strictly by
/// nonce, so a threshold met is not enough while an earlier nonce still waits: this is the one
/// rule every page that offers Execute asks.
public enum ExecutionReadiness: Sendable, Equatable {
    /// At the Safe's nonce, with its threshold met.
    case ready
    /// At the Safe's nonce; the owners have not yet met the threshold.
    case needsConfirmations(confirmed: Int, threshold: BigUInt)
    /// After the Safe's nonce: a transaction at `next` must execute first. `confirmed` says
    /// whether its own threshold is already met.
    case waitsForNonce(next: BigUInt, confirmed: Bool)
    /// Below the Safe's nonce: the nonce is used, so it can never execute.
    case nonceUsed(current: BigUInt)

    /// Where a transaction at `nonce`, counted as `count`, stands for a Safe whose next nonce is `safeNonce`.
    public init(nonce: BigUInt, safeNonce: BigUInt, count: ConfirmationCount) {
        if nonce < safeNonce {
            self = .nonceUsed(current: safeNonce)
        } else if nonce > safeNonce {
            self = .waitsForNonce(next: safeNonce, confirmed: count.isReady)
        } else {
            self = count.isReady ? .ready : .needsConfirmations(confirmed: count.confirmed, threshold: count.threshold)
        }
    }

    /// Whether Execute may be offered.
    public var canExecute: Bool { self == .ready }

    /// Whether the owners met the threshold, whatever the order says.
    public var isConfirmed: Bool {
        switch self {
        case .ready: true
        case .needsConfirmations: false
        case .waitsForNonce(_, let confirmed): confirmed
        case .nonceUsed: false
        }
    }
}
