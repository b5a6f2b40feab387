import EthereumKit

/// A log's word that `owner` became an owner of `safe`. Any contract can emit such a log, so a
/// nomination only says where to look: the Safe is read on chain before an answer names it.
public struct OwnerNomination: Sendable, Hashable {
    public let owner: Address
    public let safe: Address

    /// `owner`, named an owner of `safe`.
    public init(owner: Address, safe: Address) {
        self.owner = owner
        self.safe = safe
    }
}
