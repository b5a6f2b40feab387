import BigInt
import EthereumKit
import Foundation

/// Contract addresses of a chain, as in a devnet or deployments file.
public struct NetworkContracts: Sendable, Hashable {
    public var safeSingleton: Address?
    public var safeProxyFactory: Address?
    public var fallbackHandler: Address?
    public var multiSend: Address?
    public var multiSendCallOnly: Address?
    public var testToken: Address?
    public var safeVersion: String?

    /// Contracts with any subset of addresses known.
    public init(safeSingleton: Address? = nil, safeProxyFactory: Address? = nil, fallbackHandler: Address? = nil,
                multiSend: Address? = nil, multiSendCallOnly: Address? = nil, testToken: Address? = nil,
                safeVersion: String? = nil) {
        self.safeSingleton = safeSingleton
        self.safeProxyFactory = safeProxyFactory
        self.fallbackHandler = fallbackHandler
        self.multiSend = multiSend
        self.multiSendCallOnly = multiSendCallOnly
        self.testToken = testToken
        self.safeVersion = safeVersion
    }

    /// The `contracts` object of a deployments file.
    public init(json: JSONValue) {
        func a(_ key: String) -> Address? { json[key]?.stringValue.flatMap { try? Address($0) } }
        self.init(safeSingleton: a("safeSingleton"), safeProxyFactory: a("safeProxyFactory"),
                  fallbackHandler: a("fallbackHandler"), multiSend: a("multiSend"),
                  multiSendCallOnly: a("multiSendCallOnly"), testToken: a("testToken"),
                  safeVersion: json["safeVersion"]?.stringValue)
    }

    /// The same object form.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        let pairs: [(String, Address?)] = [("safeSingleton", safeSingleton), ("safeProxyFactory", safeProxyFactory),
                                           ("fallbackHandler", fallbackHandler), ("multiSend", multiSend),
                                           ("multiSendCallOnly", multiSendCallOnly), ("testToken", testToken)]
        for (k, v) in pairs { if let v { members.append((k, .string(v.checksummed))) } }
        if let safeVersion { members.append(("safeVersion", .string(safeVersion))) }
        return .object(members)
    }
}

/// A named chain: its ID, where to reach a node, and its contracts.
public struct ChainNetwork: Sendable, Hashable {
    public let name: String
    public let chainID: BigUInt
    public let rpcURL: String
    public let contracts: NetworkContracts
    /// The most calls its node takes in one JSON-RPC batch; nil for no known cap.
    public let maxBatch: Int?
    /// The widest `eth_getLogs` block range its node takes; nil for no known cap.
    public let maxLogRange: Int?
    public let createdAt: Date

    /// A chain network entity.
    public init(name: String, chainID: BigUInt, rpcURL: String, contracts: NetworkContracts, maxBatch: Int? = nil, maxLogRange: Int? = nil,
                createdAt: Date) {
        self.name = name
        self.chainID = chainID
        self.rpcURL = rpcURL
        self.contracts = contracts
        self.maxBatch = maxBatch
        self.maxLogRange = maxLogRange
        self.createdAt = createdAt
    }
}
