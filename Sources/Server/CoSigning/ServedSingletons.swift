import BigInt
import EthereumKit
import Networking
import SafeKit
import Services

/// The Safe singletons this chain has, as the official service lists the ones it knows: each
/// known release's singletons (canonical, and the chain's own deployments) that have code here,
/// with the block their code appeared in and the follower's last block, oldest first.
public struct ServedSingletons: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore) async throws -> [ServiceWireSingleton] {
        var candidates: [(address: Address, version: String, l2: Bool)] = []
        let known = store.knownDeployments
        for version in SafeVersion.allCases {
            for set in [known[version], SafeDeployments.canonical(version)].compactMap({ $0 }) {
                for (singleton, l2) in [(set.safeSingleton, false), (set.safeL2Singleton, true)] {
                    guard let singleton, !candidates.contains(where: { $0.address == singleton }) else { continue }
                    candidates.append((singleton, version.rawValue + (l2 ? "+L2" : ""), l2))
                }
            }
        }
        guard !candidates.isEmpty else { return [] }
        let remote = store.chain.remote
        let codes = try await remote.batch(candidates.map { EthereumRemote.Requests.code(at: $0.address) })
        let followed = try await store.storage.followedBlock(chainID: try await store.chainID())
        var found: [ServiceWireSingleton] = []
        for (candidate, code) in zip(candidates, codes) where !((try? code.get()) ?? []).isEmpty {
            guard let deployed = try await store.creationBlock(of: candidate.address) else { continue }
            found.append(ServiceWireSingleton(address: candidate.address, version: candidate.version, deployedBlockNumber: deployed,
                                              lastIndexedBlockNumber: followed, l2: candidate.l2))
        }
        return found.sorted { ($0.deployedBlockNumber, $0.address.checksummed) < ($1.deployedBlockNumber, $1.address.checksummed) }
    }
}
