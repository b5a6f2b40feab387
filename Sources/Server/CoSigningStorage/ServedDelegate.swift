import BigInt
import EthereumKit
import Foundation
import Storage

/// An address an owner (the delegator) lets propose transactions: for one Safe, or, with no Safe,
/// for every Safe the delegator owns.
public struct ServedDelegate: Sendable, Equatable {
    public let chainID: BigUInt
    public let safe: Address?
    public let delegate: Address
    public let delegator: Address
    public let label: String
    /// After this the delegate may no longer propose; nil for never.
    public let expiry: Date?

    /// A delegate.
    public init(chainID: BigUInt, safe: Address?, delegate: Address, delegator: Address, label: String, expiry: Date?) {
        self.chainID = chainID
        self.safe = safe
        self.delegate = delegate
        self.delegator = delegator
        self.label = label
        self.expiry = expiry
    }
}

/// Which delegates to list: every given field must match; one page of them.
public struct DelegateQuery: Sendable, Equatable {
    public var chainID: BigUInt
    public var safe: Address?
    public var delegate: Address?
    public var delegator: Address?
    public var label: String?
    public var limit: Int
    public var offset: Int

    /// A query; the official service's default page of 100.
    public init(chainID: BigUInt, safe: Address? = nil, delegate: Address? = nil, delegator: Address? = nil, label: String? = nil,
                limit: Int = 100, offset: Int = 0) {
        self.chainID = chainID
        self.safe = safe
        self.delegate = delegate
        self.delegator = delegator
        self.label = label
        self.limit = limit
        self.offset = offset
    }
}
