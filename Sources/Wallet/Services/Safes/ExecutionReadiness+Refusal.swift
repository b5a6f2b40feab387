import BigInt
import SafeKit

extension ExecutionReadiness {
    /// Why a transaction at `nonce`, counted as `count`, may not execute now, as the error every
    /// front end words; nil when it may.
    public func refusal(nonce: BigUInt, count: ConfirmationCount) -> SafeError? {
        switch self {
        case .ready: nil
        case .needsConfirmations: .notEnoughSignatures(have: count.confirmed, need: count.threshold, missing: count.missing)
        case .waitsForNonce(let next, _): .nonceAhead(nonce: nonce, current: next)
        case .nonceUsed(let current): .nonceUsed(nonce: nonce, current: current)
        }
    }
}
