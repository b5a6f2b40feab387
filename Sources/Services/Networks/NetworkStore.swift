import BigInt
import Foundation
import Networking

/// A network added from user input and, optionally, a deployments file.
public struct AddNetwork: StoreAction {
    public typealias Store = NetworkStore
    public static var store: KeyPath<Dispatcher, NetworkStore> { \.networks }

    public let name: String
    public let rpcURL: String
    /// When nil the node is asked; when given it must match the node (if reachable) or the file.
    public let chainID: BigUInt?
    /// The JSON of a deployments file (`{"chainId", "contracts": {…}}`).
    public let deployments: [UInt8]?

    /// An add-network request.
    public init(name: String, rpcURL: String, chainID: BigUInt?, deployments: [UInt8]?) {
        self.name = name
        self.rpcURL = rpcURL
        self.chainID = chainID
        self.deployments = deployments
    }

    public func perform(on store: NetworkStore) async throws -> ChainNetwork { try await store.add(self) }
}

/// All networks, and which is current.
public struct ListNetworks: StoreAction {
    public typealias Store = NetworkStore
    public static var store: KeyPath<Dispatcher, NetworkStore> { \.networks }
    public init() {}
    public func perform(on store: NetworkStore) async throws -> (networks: [ChainNetwork], current: String?) {
        (try store.storage.all(), try store.storage.currentName())
    }
}

/// Makes a network the default.
public struct UseNetwork: StoreAction {
    public typealias Store = NetworkStore
    public static var store: KeyPath<Dispatcher, NetworkStore> { \.networks }
    public let name: String
    public init(name: String) { self.name = name }
    public func perform(on store: NetworkStore) async throws -> ChainNetwork {
        guard let n = try store.storage.network(named: name) else { throw ChainError.unknownNetwork(name) }
        try store.storage.setCurrent(name)
        return n
    }
}

/// Why a network definition was refused.
public struct NetworkDefinitionError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
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
        let endpoint = try RPCEndpoint(a.rpcURL)
        var contracts = NetworkContracts()
        var fileChainID: BigUInt?
        if let deployments = a.deployments {
            let json = try JSONParser.parse(deployments)
            contracts = NetworkContracts(json: json["contracts"] ?? .object([]))
            fileChainID = json["chainId"]?.text.flatMap(IntegerText.parseUnsigned)
        }
        var chainID = a.chainID ?? fileChainID
        if let given = a.chainID, let file = fileChainID, given != file {
            throw NetworkDefinitionError(description: "--chain-id \(given) disagrees with the deployments file's chainId \(file)")
        }
        if chainID == nil {
            chainID = try await EthereumRemote(rpc: JSONRPCClient(network: http, endpoint: endpoint)).chainID()
        }
        let network = ChainNetwork(name: a.name, chainID: chainID!, rpcURL: endpoint.description, contracts: contracts, createdAt: now())
        try storage.save(network)
        if try storage.currentName() == nil { try storage.setCurrent(a.name) }
        return network
    }
}
