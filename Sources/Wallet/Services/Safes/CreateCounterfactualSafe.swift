import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// Creates a Safe "counterfactually": its address is computed (CREATE2) and it is stored as not
/// deployed, with what deploys it, so it can receive funds and have transactions signed before
/// anything is sent; its first execution deploys it. Nothing is sent and no key is needed.
public struct CreateCounterfactualSafe: SafeAccountAction {
    public let owners: [Address]
    public let threshold: BigUInt
    public let saltNonce: BigUInt
    /// The release; nil for the network's default.
    public let version: SafeVersion?
    public let name: String?
    public let chain: ChainSelection
    public init(owners: [Address], threshold: BigUInt, saltNonce: BigUInt, version: SafeVersion? = nil, name: String? = nil, chain: ChainSelection) {
        self.owners = owners
        self.threshold = threshold
        self.saltNonce = saltNonce
        self.version = version
        self.name = name
        self.chain = chain
    }
    public func perform(on store: SafeAccountStore) async throws -> SafeState { try await store.createCounterfactual(self) }
}

extension SafeAccountStore {
    func createCounterfactual(_ c: CreateCounterfactualSafe) async throws -> SafeState {
        let chain = try await connector.connect(c.chain)
        let (deployment, address, version, chainID) = try await newProxy(owners: c.owners, threshold: c.threshold, saltNonce: c.saltNonce,
                                                                        version: c.version, chain: chain)
        let setup = deployment.setup
        try await storage.save(Safe(chainID: chainID, address: address, name: c.name, version: version.rawValue, owners: c.owners,
                                    threshold: c.threshold, nonce: 0, modules: [], fallbackHandler: setup?.fallbackHandler ?? .zero,
                                    guardAddress: .zero, updatedAt: now(), undeployed: deployment))
        // Read back as every later read does: stored state, balances from the chain.
        return try await refresh(address, chain: chain)
    }
}
