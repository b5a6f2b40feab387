import BigInt
import Foundation
import Networking
import Storage

/// A network added from user input and, optionally, a deployments file.
public struct AddNetwork: NetworkAction {
    public let name: String
    public let rpcURL: String
    /// When nil the node is asked; when given it must match the node (if reachable) or the file.
    public let chainID: BigUInt?
    /// The JSON of a deployments file (`{"chainId", "contracts": {…}}`).
    public let deployments: [UInt8]?
    /// Whether an existing network of that name may be replaced; otherwise the name must be new.
    public let replace: Bool
    /// The node's caps, when known: calls per JSON-RPC batch and `eth_getLogs` block range.
    public let limits: RPCLimits

    /// An add-network request.
    public init(name: String, rpcURL: String, chainID: BigUInt?, deployments: [UInt8]?, replace: Bool = false, limits: RPCLimits = RPCLimits()) {
        self.name = name
        self.rpcURL = rpcURL
        self.chainID = chainID
        self.deployments = deployments
        self.replace = replace
        self.limits = limits
    }

    public func perform(on store: NetworkStore) async throws -> ChainNetwork { try await store.add(self) }
}

/// All networks, and which is current.
public struct ListNetworks: NetworkAction {
    public init() {}
    public func perform(on store: NetworkStore) async throws -> (networks: [ChainNetwork], current: String?) {
        (try await store.storage.all(), try await store.storage.currentName())
    }
}

/// Makes a network the default.
public struct UseNetwork: NetworkAction {
    public let name: String
    public init(name: String) { self.name = name }
    public func perform(on store: NetworkStore) async throws -> ChainNetwork {
        guard let n = try await store.storage.network(named: name) else { throw ChainError.unknownNetwork(name) }
        try await store.storage.setCurrent(name)
        return n
    }
}

/// Why a network definition was refused.
public enum NetworkDefinitionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A network of that name exists; replacing it must be asked for.
    case nameTaken(String)
    /// The chain ID given disagrees with the deployments file's.
    case chainIDDisagrees(given: BigUInt, file: BigUInt)
    /// The node answered a chain ID other than the one given or in the file.
    case nodeDisagrees(node: BigUInt, claimed: BigUInt)

    public var description: String {
        switch self {
        case .nameTaken(let name): return "a network named '\(name)' exists already"
        case .chainIDDisagrees(let given, let file): return "chain ID \(given) disagrees with the deployments file's chainId \(file)"
        case .nodeDisagrees(let node, let claimed): return "the node is on chain \(node), not chain \(claimed)"
        }
    }
}

/// Named networks: chain ID, RPC URL, contract addresses.
public struct NetworkStore: Sendable {
    let storage: NetworkStorage
    let http: any Networking.Network
    let now: @Sendable () -> Date

    /// A store over `storage`, asking nodes through `http`.
    public init(storage: NetworkStorage, http: any Networking.Network, now: @escaping @Sendable () -> Date = Date.init) {
        self.storage = storage
        self.http = http
        self.now = now
    }

    func add(_ a: AddNetwork) async throws -> ChainNetwork {
        _ = try KeyName.validate(a.name)
        if !a.replace, try await storage.network(named: a.name) != nil { throw NetworkDefinitionError.nameTaken(a.name) }
        let endpoint = try RPCEndpoint(a.rpcURL)
        let file = try a.deployments.map { bytes throws(DeploymentsFileError) in try DeploymentsFile(json: bytes) }
        if let given = a.chainID, let stated = file?.chainID, given != stated {
            throw NetworkDefinitionError.chainIDDisagrees(given: given, file: stated)
        }
        let claimed = a.chainID ?? file?.chainID
        // A file's chain ID is checked against the node when it answers: a file written for
        // another chain would hand out that chain's contract addresses. A --chain-id alone is the
        // user's pin, checked before every signature instead, so the node need not be up now.
        var node: BigUInt?
        if claimed == nil || file?.chainID != nil {
            do {
                node = try await EthereumRemote(rpc: JSONRPCClient(network: http, endpoint: endpoint)).chainID()
            } catch {
                guard claimed != nil else { throw error }
            }
        }
        if let node, let claimed, node != claimed { throw NetworkDefinitionError.nodeDisagrees(node: node, claimed: claimed) }
        guard let chainID = node ?? claimed else { throw ChainError.noNetwork }
        let network = ChainNetwork(name: a.name, chainID: chainID, rpcURL: endpoint.description,
                                   contracts: file?.contracts ?? NetworkContracts(), maxBatch: a.limits.maxBatch,
                                   maxLogRange: a.limits.maxLogRange, createdAt: now())
        try await storage.save(network)
        if try await storage.currentName() == nil { try await storage.setCurrent(a.name) }
        return network
    }
}
