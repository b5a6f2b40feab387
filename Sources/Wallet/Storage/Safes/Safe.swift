import BigInt
import EthereumKit
import Foundation
import SafeKit

/// A Safe the user follows, with its state as last read from the chain.
public struct Safe: Sendable, Hashable {
    public let chainID: BigUInt
    public let address: Address
    public let name: String?
    /// What `VERSION()` reported, e.g. `1.4.1`.
    public let version: String
    public let owners: [Address]
    public let threshold: BigUInt
    public let nonce: BigUInt
    public let modules: [Address]
    public let fallbackHandler: Address
    public let guardAddress: Address
    public let updatedAt: Date
    /// How to deploy it, while its address has no code yet (a counterfactual Safe); nil once deployed.
    public let undeployed: SafeProxyDeployment?

    /// A Safe entity.
    public init(chainID: BigUInt, address: Address, name: String?, version: String, owners: [Address], threshold: BigUInt,
                nonce: BigUInt, modules: [Address], fallbackHandler: Address, guardAddress: Address, updatedAt: Date,
                undeployed: SafeProxyDeployment? = nil) {
        self.chainID = chainID
        self.address = address
        self.name = name
        self.version = version
        self.owners = owners
        self.threshold = threshold
        self.nonce = nonce
        self.modules = modules
        self.fallbackHandler = fallbackHandler
        self.guardAddress = guardAddress
        self.updatedAt = updatedAt
        self.undeployed = undeployed
    }

    /// Whether its proxy is on chain: false for a counterfactual Safe until its first execution deploys it.
    public var isDeployed: Bool { undeployed == nil }

    /// The parsed contract version, when it is one Bifrost knows.
    public var safeVersion: SafeVersion? { SafeVersion(reported: version) }

    /// How many of this Safe's current owners `confirmations` holds, against its threshold.
    public func count(_ confirmations: ConfirmationSet) -> ConfirmationCount {
        confirmations.accepting(owners: owners).count(threshold: threshold)
    }

    /// The same Safe with a new name.
    public func named(_ name: String?) -> Safe {
        Safe(chainID: chainID, address: address, name: name, version: version, owners: owners, threshold: threshold, nonce: nonce,
             modules: modules, fallbackHandler: fallbackHandler, guardAddress: guardAddress, updatedAt: updatedAt, undeployed: undeployed)
    }

    /// Whether `other` holds the same state, whenever each was read.
    public func sameState(as other: Safe) -> Bool {
        read(at: .distantPast) == other.read(at: .distantPast)
    }

    private func read(at date: Date) -> Safe {
        Safe(chainID: chainID, address: address, name: name, version: version, owners: owners, threshold: threshold, nonce: nonce,
             modules: modules, fallbackHandler: fallbackHandler, guardAddress: guardAddress, updatedAt: date, undeployed: undeployed)
    }
}
