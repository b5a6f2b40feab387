import BigInt
import EthereumKit

/// How many owners have confirmed a Safe transaction, counted the way `execTransaction` does:
/// current owners only, each once. Every front end and every flow asks this one rule (`ConfirmationSet`), so the
/// queue can never call a transaction ready that execution would refuse.
public struct ConfirmationCount: Sendable, Equatable {
    /// Distinct current owners with a signature.
    public let confirmed: Int
    /// The Safe's threshold.
    public let threshold: BigUInt
    /// Current owners with no signature yet, in owner order.
    public let missing: [Address]

    // Counted through `OwnerConfirmations.count(threshold:)`, after the set settled each owner's signature.
    init(signatures: [SafeSignature], owners: [Address], threshold: BigUInt) {
        let signers = Set(signatures.map(\.owner))
        let current = Set(owners)
        self.confirmed = signers.intersection(current).count
        self.threshold = threshold
        self.missing = owners.filter { !signers.contains($0) }
    }

    /// Whether enough owners confirmed; compared as BigUInt, so a hostile threshold cannot trap.
    public var isReady: Bool { BigUInt(confirmed) >= threshold }
}
