import EthereumKit

/// Who proposed a Safe message and from which app: kept as the first write gave it, and a later
/// write of the same message fills only what that left empty. Both co-signing storages, and the
/// wallet's, write by this one rule.
public struct SafeMessageProvenance: Sendable, Equatable {
    public var proposer: Address?
    public var safeAppID: Int?
    public var origin: String?

    /// Provenance from its parts.
    public init(proposer: Address?, safeAppID: Int?, origin: String?) {
        self.proposer = proposer
        self.safeAppID = safeAppID
        self.origin = origin
    }

    /// The provenance `entry` carries.
    public init(_ entry: SafeMessageEntry) {
        self.init(proposer: entry.proposer, safeAppID: entry.safeAppID, origin: entry.origin)
    }

    /// This stored provenance, its gaps filled from a later write's.
    public func filled(from later: SafeMessageProvenance) -> SafeMessageProvenance {
        SafeMessageProvenance(proposer: proposer ?? later.proposer, safeAppID: safeAppID ?? later.safeAppID, origin: origin ?? later.origin)
    }
}
