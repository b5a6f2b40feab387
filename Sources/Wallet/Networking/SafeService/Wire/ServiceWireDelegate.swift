import EthereumKit
import Foundation

/// A delegate (proposer) as `GET /api/v2/delegates/` lists one: an address a delegator (an owner)
/// lets propose, for one Safe or, without a Safe, for every Safe the delegator owns.
public struct ServiceWireDelegate: Sendable, Equatable {
    /// The Safe it may propose to; nil for every Safe of the delegator.
    public var safe: Address?
    public var delegate: Address
    public var delegator: Address
    /// The delegator's name for it: outside text, shown only through `UntrustedText.visible`.
    public var label: String
    /// When the delegation lapses; nil for never.
    public var expiryDate: Date?

    public init(safe: Address?, delegate: Address, delegator: Address, label: String, expiryDate: Date?) {
        self.safe = safe
        self.delegate = delegate
        self.delegator = delegator
        self.label = label
        self.expiryDate = expiryDate
    }

    public init(json: JSONValue) throws(ServiceWireError) {
        let f = try ServiceWireFields(json, what: "delegate")
        safe = try f.optionalAddress("safe")
        delegate = try f.address("delegate")
        delegator = try f.address("delegator")
        label = try f.string("label") ?? ""
        expiryDate = try f.date("expiryDate")
    }

    /// The official order; an owner-wide delegate's `safe` and an endless one's `expiryDate` are null.
    public var json: JSONValue {
        .members([("safe", safe.map { .string($0.checksummed) } ?? .null), ("delegate", .string(delegate.checksummed)),
                  ("delegator", .string(delegator.checksummed)), ("label", .string(label)), ("expiryDate", ServiceWireDate.json(expiryDate))])
    }

    /// The body of `POST /api/v2/delegates/`: the delegate with the delegator's `Delegate` signature.
    public func addition(signature: [UInt8]) -> JSONValue {
        var members: [(String, JSONValue)] = [("safe", safe.map { .string($0.checksummed) } ?? .null), ("delegate", .string(delegate.checksummed)),
                                              ("delegator", .string(delegator.checksummed)), ("signature", .string(Hex.encode(signature))),
                                              ("label", .string(label))]
        if let expiryDate { members.append(("expiryDate", .string(ServiceWireDate.text(expiryDate)))) }
        return .members(members)
    }

    /// The body of `DELETE /api/v2/delegates/{delegate}/`: the delegator, the Safe when only that
    /// Safe's delegation goes (without it, every one the delegator gave this delegate), and the signature.
    public static func removal(delegator: Address, safe: Address?, signature: [UInt8]) -> JSONValue {
        .members([("delegator", .string(delegator.checksummed))] + (safe.map { [("safe", JSONValue.string($0.checksummed))] } ?? [])
                 + [("signature", .string(Hex.encode(signature)))])
    }
}
