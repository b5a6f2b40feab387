import EthereumKit
import SafeKit
import Services

/// A Safe as `GET /api/v1/safes/{address}/` describes it: its state on chain, the singleton its
/// proxy runs, and the release the official service would name for that singleton.
public struct ServedSafeDescription: Sendable, Equatable {
    public let state: SafeState
    /// The singleton, the zero address when the slot could not be read.
    public let masterCopy: Address
    /// `1.4.1+L2` for a known L2 singleton, the known release for another, else the Safe's own `VERSION()`.
    public let version: String

    /// `state` described against the singletons of `known` (a chain's own deployments) and the canonical ones.
    public init(_ state: SafeState, known: [SafeVersion: SafeContractSet] = [:]) {
        self.state = state
        masterCopy = state.singleton ?? .zero
        version = state.singleton.flatMap { SafeDeployments.release(ofSingleton: $0, known: known) } ?? state.safe.version
    }
}

/// The Safe at `address`, described as the official service describes it.
public struct DescribeServedSafe: CoSigningAction {
    public let address: Address
    public init(address: Address) { self.address = address }
    public func perform(on store: CoSigningStore) async throws -> ServedSafeDescription {
        ServedSafeDescription(try await store.safe(address), known: store.knownDeployments)
    }
}

extension CoSigningStore {
    /// The Safe deployments the chain's network lists, by release (none for a bare RPC URL).
    var knownDeployments: [SafeVersion: SafeContractSet] {
        guard let contracts = chain.network?.contracts else { return [:] }
        return Dictionary(uniqueKeysWithValues: SafeVersion.allCases.map { ($0, contracts.set(for: $0)) })
    }
}
