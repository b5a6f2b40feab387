import EthereumKit
import Networking
import SafeKit

/// The Safe releases' contracts that have code on this chain, as `about/deployments/` lists them:
/// for each release Bifrost builds for (or only `version`), the chain's own deployments where its
/// network lists them, else the canonical ones; `contract` keeps only that name. nil when
/// `version` is no such release (the official service answers 404).
public struct ServedDeployments: CoSigningAction {
    public let version: String?
    public let contract: String?
    public init(version: String?, contract: String?) {
        self.version = version
        self.contract = contract
    }

    public func perform(on store: CoSigningStore) async throws -> [ServiceWireDeployment]? {
        let versions = SafeVersion.supported.filter { version == nil || $0.rawValue == version }
        guard !versions.isEmpty else { return nil }
        let known = store.knownDeployments
        var listed: [(version: SafeVersion, contract: ServiceWireDeployment.Contract)] = []
        for release in versions {
            let canonical = SafeDeployments.canonical(release)
            for (key, name) in SafeDeploymentNames.contracts(of: release) where contract == nil || contract == name {
                guard let address = known[release]?[key] ?? canonical[key] else { continue }
                listed.append((release, .init(contractName: name, address: address)))
            }
        }
        // Only what is deployed here: a canonical address on a chain that never had it is no deployment.
        let codes = try await store.chain.remote.batch(listed.map { EthereumRemote.Requests.code(at: $0.contract.address) })
        let present = zip(listed, codes).filter { !((try? $0.1.get()) ?? []).isEmpty }.map(\.0)
        return versions.map { release in
            ServiceWireDeployment(version: release.rawValue, contracts: present.filter { $0.version == release }.map(\.contract))
        }
    }
}
