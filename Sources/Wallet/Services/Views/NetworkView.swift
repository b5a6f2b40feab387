import Storage

/// A named network in the JSON the command line prints.
public struct NetworkView: Codable, Sendable, Hashable {
    public var name: String
    public var chainId: String
    public var rpcUrl: String
    /// The contract addresses known for it, by role, and the Safe version they are.
    public var contracts: JSONValue
    /// Whether it is the current network; only where a list or a switch says so.
    public var current: Bool?

    /// The view of `network`; `current` is left out when nil.
    public init(_ network: ChainNetwork, current: Bool? = nil) {
        name = network.name
        chainId = String(network.chainID)
        rpcUrl = network.rpcURL
        contracts = network.contracts.json
        self.current = current
    }
}
