import Foundation
import Networking

/// A proposer (delegate) in the JSON the command line prints (`safe delegate add|remove`).
public struct SafeDelegateView: Codable, Sendable, Hashable {
    /// The Safe; absent when the delegator let it propose to every Safe it owns.
    public var safe: String?
    public var delegate: String
    public var delegator: String
    /// The service's text as it came; JSON escapes it.
    public var label: String
    public var expiryDate: String?

    /// The view of `d`.
    public init(_ d: SafeDelegate) {
        safe = d.safe?.checksummed
        delegate = d.delegate.checksummed
        delegator = d.delegator.checksummed
        label = d.label
        expiryDate = d.expiry.map(ServiceWireDate.text)
    }
}

/// A Safe's proposers on a service, as `safe delegate list --json` prints them.
public struct SafeDelegatesView: Codable, Sendable, Hashable {
    public var safe: String
    public var service: String
    public var delegates: [SafeDelegateView]

    /// The view of `listing`.
    public init(_ listing: SafeDelegates) {
        safe = listing.safe.checksummed
        service = listing.service.url.absoluteString
        delegates = listing.delegates.map(SafeDelegateView.init)
    }
}

/// A proposal sent to a service, as `safe propose --key` and `safe service propose --key` print it.
public struct ServiceProposalView: Codable, Sendable, Hashable {
    public var safeTxHash: String
    public var sender: String
    /// The owner whose proposer sent it; absent when an owner sent it.
    public var delegator: String?
    /// The owners whose signatures went with it.
    public var posted: [String]

    /// The view of `p`.
    public init(_ p: ServiceProposal) {
        safeTxHash = Hex.encode(p.safeTxHash)
        sender = p.sender.checksummed
        delegator = p.delegator?.checksummed
        posted = p.owners.map(\.checksummed)
    }
}
