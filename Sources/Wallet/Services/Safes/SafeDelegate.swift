import Foundation
import Networking
import Storage

/// A proposer (the service's "delegate") of a Safe: an address an owner lets propose
/// transactions to a Transaction Service, for this Safe or for every Safe that owner owns.
public struct SafeDelegate: Sendable, Equatable {
    /// The Safe it may propose to; nil when its delegator let it propose to every Safe it owns.
    public let safe: Address?
    public let delegate: Address
    /// The owner who let it propose.
    public let delegator: Address
    /// The delegator's name for it, as the service stores it: outside text (`UntrustedText.visible`).
    public let label: String
    /// When it stops being a proposer; nil for never.
    public let expiry: Date?

    public init(safe: Address?, delegate: Address, delegator: Address, label: String, expiry: Date?) {
        self.safe = safe
        self.delegate = delegate
        self.delegator = delegator
        self.label = label
        self.expiry = expiry
    }

    init(_ wire: ServiceWireDelegate) {
        self.init(safe: wire.safe, delegate: wire.delegate, delegator: wire.delegator, label: wire.label, expiry: wire.expiryDate)
    }

    /// Whether it may propose to every Safe of its delegator rather than one.
    public var isOwnerWide: Bool { safe == nil }

    /// Whether it lets `delegate` propose to `safe` (owned by `owners`) at `time`: for that Safe or
    /// owner-wide, given by a current owner, not expired. The service decides as well; this is for showing.
    public func lets(propose safe: Address, owners: [Address], at time: Date) -> Bool {
        (self.safe == nil || self.safe == safe) && owners.contains(delegator) && (expiry.map { $0 > time } ?? true)
    }
}

/// A Safe's proposers on one service: those for the Safe, and those its current owners gave for
/// every Safe they own.
public struct SafeDelegates: Sendable, Equatable {
    public let safe: Address
    /// The Safe's owners as followed here: who may add a proposer.
    public let owners: [Address]
    public let service: SafeServiceEndpoint
    /// Safe-scoped ones first, then owner-wide ones, each in the service's order.
    public let delegates: [SafeDelegate]

    public init(safe: Address, owners: [Address], service: SafeServiceEndpoint, delegates: [SafeDelegate]) {
        self.safe = safe
        self.owners = owners
        self.service = service
        self.delegates = delegates
    }
}

/// Why a delegate could not be added, removed or used, before anything was signed or sent.
public enum SafeDelegateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Only an owner of the Safe may add a proposer (the service checks the same).
    case delegatorNotOwner(delegator: Address, safe: Address)
    case selfDelegation(Address)
    case missingLabel
    case expiryPassed(Date)
    /// No delegation of `delegate` that `signer` may remove (as its delegator or as the delegate) was found for the Safe.
    case noSuchDelegate(delegate: Address, signer: Address, safe: Address)
    /// The key is neither an owner of the Safe nor a current proposer of it on the service.
    case notOwnerOrDelegate(signer: Address, safe: Address)

    public var description: String {
        switch self {
        case .delegatorNotOwner(let d, let s): return "\(d.checksummed) is not an owner of Safe \(s.checksummed); only an owner can add a proposer"
        case .selfDelegation(let a): return "\(a.checksummed) cannot be its own proposer: an owner proposes already"
        case .missingLabel: return "a proposer needs a label, so the owners can tell who it is"
        case .expiryPassed(let d): return "the expiry \(ServiceWireDate.text(d)) has passed; give a date in the future"
        case .noSuchDelegate(let d, let s, let safe):
            return "the service has no proposer \(d.checksummed) of Safe \(safe.checksummed) that \(s.checksummed) may remove (it removes what it gave, or itself)"
        case .notOwnerOrDelegate(let s, let safe):
            return "\(s.checksummed) is neither an owner of Safe \(safe.checksummed) nor one of its proposers on the service"
        }
    }
}
