import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// Lets `delegate` propose to a followed Safe on a Transaction Service, signed by `keyName` (an
/// owner): for this Safe, or with `ownerWide` for every Safe the owner owns.
public struct AddSafeDelegate: SafeTransactionsAction {
    public let safe: Address
    public let delegate: Address
    public let label: String
    public let keyName: String
    public let ownerWide: Bool
    public let expiry: Date?
    public let service: SafeServiceEndpoint
    public let chain: ChainSelection
    public let password: @Sendable () throws -> String
    public init(safe: Address, delegate: Address, label: String, keyName: String, ownerWide: Bool = false, expiry: Date? = nil,
                service: SafeServiceEndpoint, chain: ChainSelection, password: @escaping @Sendable () throws -> String) {
        self.safe = safe
        self.delegate = delegate
        self.label = label
        self.keyName = keyName
        self.ownerWide = ownerWide
        self.expiry = expiry
        self.service = service
        self.chain = chain
        self.password = password
    }
    /// The delegate as added.
    public func perform(on store: SafeTransactionsStore) async throws -> SafeDelegate { try await store.addDelegate(self) }
}

/// A followed Safe's proposers on a Transaction Service; with `delegator`, only those it gave.
public struct ListSafeDelegates: SafeTransactionsAction {
    public let safe: Address
    public let delegator: Address?
    public let service: SafeServiceEndpoint
    public let chain: ChainSelection
    public init(safe: Address, delegator: Address? = nil, service: SafeServiceEndpoint, chain: ChainSelection) {
        self.safe = safe
        self.delegator = delegator
        self.service = service
        self.chain = chain
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeDelegates { try await store.listDelegates(self) }
}

/// Removes proposer `delegate` of a followed Safe, signed by `keyName`: the owner who gave it, or
/// the delegate itself. The Safe's own delegation goes first; an owner-wide one when there is none
/// for the Safe, or with `ownerWide`.
public struct RemoveSafeDelegate: SafeTransactionsAction {
    public let safe: Address
    public let delegate: Address
    public let keyName: String
    public let ownerWide: Bool
    public let service: SafeServiceEndpoint
    public let chain: ChainSelection
    public let password: @Sendable () throws -> String
    public init(safe: Address, delegate: Address, keyName: String, ownerWide: Bool = false, service: SafeServiceEndpoint,
                chain: ChainSelection, password: @escaping @Sendable () throws -> String) {
        self.safe = safe
        self.delegate = delegate
        self.keyName = keyName
        self.ownerWide = ownerWide
        self.service = service
        self.chain = chain
        self.password = password
    }
    /// The delegation removed.
    public func perform(on store: SafeTransactionsStore) async throws -> SafeDelegate { try await store.removeDelegate(self) }
}

/// The rules a delegate's adding keeps, checked before anything is signed (the service checks them again).
public enum SafeDelegateRules {
    /// Refuses a delegator who is not an owner, a delegate that is the delegator, an empty label, a past expiry.
    public static func checkAddition(delegate: Address, delegator: Address, label: String, expiry: Date?, owners: [Address], safe: Address,
                                     now: Date) throws(SafeDelegateError) {
        guard owners.contains(delegator) else { throw .delegatorNotOwner(delegator: delegator, safe: safe) }
        try checkRequest(delegate: delegate, delegator: delegator, label: label, expiry: expiry, now: now)
    }

    /// What any delegation must be, whoever checks it (the wallet before signing, a co-signing
    /// server on arrival): not the delegator itself, a label that is more than white space (the
    /// official service trims it), and an expiry still to come.
    public static func checkRequest(delegate: Address, delegator: Address, label: String, expiry: Date?, now: Date) throws(SafeDelegateError) {
        guard delegate != delegator else { throw .selfDelegation(delegate) }
        guard !label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .missingLabel }
        if let expiry, expiry <= now { throw .expiryPassed(expiry) }
    }

    /// Which of `given` (the service's delegations of one delegate) `signer` removes from `safe`:
    /// its delegator or the delegate may; the Safe's own first, else an owner-wide one; with
    /// `ownerWide`, only an owner-wide one.
    public static func removal(of given: [SafeDelegate], by signer: Address, safe: Address, ownerWide: Bool) -> SafeDelegate? {
        let mine = given.filter { $0.delegator == signer || $0.delegate == signer }
        let scoped = mine.first { $0.safe == safe }, wide = mine.first { $0.safe == nil }
        return ownerWide ? wide : scoped ?? wide
    }

    /// The `Delegate` message's signature for `delegate` by `key` in this hour, as the service checks it.
    public static func sign(delegate: Address, chainID: BigUInt, with signer: KeySigner, at time: Date) async throws -> [UInt8] {
        let preimage = ServiceAuthorization.delegatePreimage(delegate: delegate, chainID: chainID, totp: ServiceAuthorization.totp(at: time))
        return try await signer.signTypedData(preimage: preimage).rsv
    }
}

extension SafeTransactionsStore {
    func addDelegate(_ a: AddSafeDelegate) async throws -> SafeDelegate {
        let safe = try await followedSafe(a.safe, on: a.chain)
        let delegator = try await keys.account(named: a.keyName).address
        try SafeDelegateRules.checkAddition(delegate: a.delegate, delegator: delegator, label: a.label, expiry: a.expiry,
                                            owners: safe.owners, safe: safe.address, now: now())
        let signer = try await keys.signer(name: a.keyName, password: a.password)
        let signature = try await SafeDelegateRules.sign(delegate: a.delegate, chainID: safe.chainID, with: signer, at: now())
        let added = ServiceWireDelegate(safe: a.ownerWide ? nil : safe.address, delegate: a.delegate, delegator: delegator,
                                        label: a.label, expiryDate: a.expiry)
        try await remote(a.service).addDelegate(added, signature: signature)
        return SafeDelegate(added)
    }

    func listDelegates(_ l: ListSafeDelegates) async throws -> SafeDelegates {
        let safe = try await followedSafe(l.safe, on: l.chain)
        let service = remote(l.service)
        var found = try await service.delegates(safe: safe.address, delegator: l.delegator).map(SafeDelegate.init)
        // Owner-wide delegations name no Safe: they are found by their delegators, the current owners.
        for owner in l.delegator.map({ [$0] }) ?? safe.owners {
            found += try await service.delegates(delegator: owner).filter { $0.safe == nil }.map(SafeDelegate.init)
        }
        return SafeDelegates(safe: safe.address, owners: safe.owners, service: l.service, delegates: found)
    }

    func removeDelegate(_ r: RemoveSafeDelegate) async throws -> SafeDelegate {
        let safe = try await followedSafe(r.safe, on: r.chain)
        let signer = try await keys.account(named: r.keyName).address
        let service = remote(r.service)
        let given = try await service.delegates(delegate: r.delegate).map(SafeDelegate.init)
        guard let removed = SafeDelegateRules.removal(of: given, by: signer, safe: safe.address, ownerWide: r.ownerWide) else {
            throw SafeDelegateError.noSuchDelegate(delegate: r.delegate, signer: signer, safe: safe.address)
        }
        let key = try await keys.signer(name: r.keyName, password: r.password)
        let signature = try await SafeDelegateRules.sign(delegate: r.delegate, chainID: safe.chainID, with: key, at: now())
        try await service.removeDelegate(r.delegate, delegator: removed.delegator, safe: removed.safe, signature: signature)
        return removed
    }
}
