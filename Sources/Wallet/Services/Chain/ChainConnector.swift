import BigInt
import Foundation
import Networking
import Storage

/// Which chain a command talks to, as the user chose it.
public struct ChainSelection: Sendable, Equatable {
    /// An explicit RPC URL (`--rpc-url`, `BIFROST_RPC_URL`).
    public var rpcURL: String?
    /// A named network (`--network`, `BIFROST_NETWORK`).
    public var networkName: String?

    /// A selection; both nil means the current network.
    public init(rpcURL: String? = nil, networkName: String? = nil) {
        self.rpcURL = rpcURL
        self.networkName = networkName
    }
}

/// A connection to one chain: the remote, and the chain ID it must have when a network names one.
public struct Chain: Sendable {
    public let remote: EthereumRemote
    public let endpoint: RPCEndpoint
    /// The network the user selected, when one was.
    public let network: ChainNetwork?

    /// A chain reached through `remote` at `endpoint`, for `network` when one was selected.
    public init(remote: EthereumRemote, endpoint: RPCEndpoint, network: ChainNetwork? = nil) {
        self.remote = remote
        self.endpoint = endpoint
        self.network = network
    }

    /// The chain's ID: the selected network's, without a request, else the node's answer.
    public func chainID() async throws -> BigUInt {
        if let network { return network.chainID }
        return try verify(chainID: try await remote.chainID())
    }

    /// Fails unless `reported` is the selected network's chain ID; with a bare URL any ID is taken.
    public func verify(chainID reported: BigUInt) throws(ChainError) -> BigUInt {
        if let network, network.chainID != reported {
            throw .chainIDMismatch(network: network.name, expected: network.chainID, actual: reported)
        }
        return reported
    }
}

/// Resolves a `ChainSelection` to a `Chain`: explicit URL first, then the named network, then the
/// current network.
public struct ChainConnector: Sendable {
    let networks: NetworkStorage
    let functions: ContractFunctionStorage?
    let http: any Networking.Network
    let retry: RetryPolicy

    /// A connector reading networks from `networks` and speaking HTTP through `http`, retrying
    /// reads under `retry` (public providers rate-limit and drop connections).
    public init(networks: NetworkStorage, functions: ContractFunctionStorage? = nil, http: any Networking.Network, retry: RetryPolicy = .never) {
        self.networks = networks
        self.functions = functions
        self.http = http
        self.retry = retry
    }

    /// A call decoder trusting the MultiSends of every known network on `chainID` besides the
    /// official ones, and reading calls with the functions people gave for contracts; offline.
    public func decoder(chainID: BigUInt?) async -> CallDecoder {
        let all = (try? await networks.all()) ?? []
        let contracts = all.filter { chainID == nil || $0.chainID == chainID }.map(\.contracts)
        var interfaces: [Address: [ContractFunction]] = [:]
        if let chainID, let functions { interfaces = (try? await functions.functions(chainID: chainID)) ?? [:] }
        return CallDecoder(trusting: contracts.flatMap(\.allDelegates), interfaces: interfaces)
    }

    /// Keeps `function` for calls to `address` on `chainID`, so later reviews read them by name;
    /// a failure costs only the names, never the proposal.
    public func remember(_ function: ContractFunction, at address: Address, chainID: BigUInt) async {
        try? await functions?.save(function, address: address, chainID: chainID)
    }

    /// Names for the Safe contracts of `chainID`: every canonical release and the networks' own.
    public func contractNames(chainID: BigUInt?) async -> SafeContractNames {
        let all = (try? await networks.all()) ?? []
        var sets: [SafeVersion: SafeContractSet] = [:]
        for network in all where chainID == nil || network.chainID == chainID {
            for version in SafeVersion.allCases where sets[version] == nil { sets[version] = network.contracts.set(for: version) }
        }
        return SafeContractNames(sets)
    }

    /// The chain `selection` names.
    public func connect(_ selection: ChainSelection) async throws -> Chain {
        var network: ChainNetwork?
        let current = await selection.rpcURL == nil ? try networks.currentName() : nil
        if let name = selection.networkName ?? current {
            guard let found = try await networks.network(named: name) else { throw ChainError.unknownNetwork(name) }
            network = found
        }
        guard let url = selection.rpcURL ?? network?.rpcURL else { throw ChainError.noNetwork }
        let endpoint = try RPCEndpoint(url)
        let limits = RPCLimits(maxBatch: network?.maxBatch, maxLogRange: network?.maxLogRange)
        return Chain(remote: EthereumRemote(rpc: JSONRPCClient(network: http, endpoint: endpoint, limits: limits, retry: retry)),
                     endpoint: endpoint, network: network)
    }
}
