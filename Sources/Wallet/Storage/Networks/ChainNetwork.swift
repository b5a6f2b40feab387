import BigInt
import EthereumKit
import Foundation
import SafeKit

/// Contract addresses of a chain, as in a devnet or deployments file.
public struct NetworkContracts: Sendable, Hashable {
    public var safeSingleton: Address?
    public var safeProxyFactory: Address?
    public var fallbackHandler: Address?
    public var multiSend: Address?
    public var multiSendCallOnly: Address?
    public var testToken: Address?
    /// The release the top-level Safe contracts are; 1.4.1 when not said.
    public var safeVersion: String?
    /// Each Safe release's own contracts, when the file lists several.
    public var safeVersions: [SafeVersion: SafeContractSet]

    /// Contracts with any subset of addresses known.
    public init(safeSingleton: Address? = nil, safeProxyFactory: Address? = nil, fallbackHandler: Address? = nil,
                multiSend: Address? = nil, multiSendCallOnly: Address? = nil, testToken: Address? = nil,
                safeVersion: String? = nil, safeVersions: [SafeVersion: SafeContractSet] = [:]) {
        self.safeSingleton = safeSingleton
        self.safeProxyFactory = safeProxyFactory
        self.fallbackHandler = fallbackHandler
        self.multiSend = multiSend
        self.multiSendCallOnly = multiSendCallOnly
        self.testToken = testToken
        self.safeVersion = safeVersion
        self.safeVersions = safeVersions
    }

    /// The release the top-level Safe contracts are.
    public var defaultVersion: SafeVersion { safeVersion.flatMap(SafeVersion.init(rawValue:)) ?? .v1_4_1 }

    /// The contracts of Safe `version` on this chain as the network names them: that release's own
    /// set, else the top-level contracts when they are that release, else none.
    public func set(for version: SafeVersion) -> SafeContractSet {
        if let own = safeVersions[version] { return own }
        guard version == defaultVersion else { return SafeContractSet() }
        return SafeContractSet(safeSingleton: safeSingleton, safeProxyFactory: safeProxyFactory, fallbackHandler: fallbackHandler,
                               multiSend: multiSend, multiSendCallOnly: multiSendCallOnly)
    }

    /// Every MultiSend and MultiSendCallOnly named, of any release.
    public var allMultiSends: [Address] {
        ([multiSend, multiSendCallOnly] + safeVersions.values.flatMap { [$0.multiSend, $0.multiSendCallOnly] }).compactMap { $0 }
    }

    /// The contracts this network names that a Safe is expected to delegatecall: every MultiSend
    /// and MultiSendCallOnly, and every release's SignMessageLib and SafeToL2Migration.
    public var allDelegates: [Address] {
        allMultiSends + safeVersions.values.flatMap { [$0.signMessageLib, $0.safeToL2Migration].compactMap { $0 } }
    }

    /// The stored object form (`json`).
    public init(json: JSONValue) {
        func a(_ key: String) -> Address? { json[key]?.stringValue.flatMap { try? Address($0) } }
        var versions: [SafeVersion: SafeContractSet] = [:]
        for (key, value) in json["safeVersions"]?.objectValue ?? [] {
            guard let version = SafeVersion(rawValue: key) else { continue }
            var set = SafeContractSet()
            for field in SafeContractSet.keys { set[field] = value[field]?.stringValue.flatMap { try? Address($0) } }
            versions[version] = set
        }
        self.init(safeSingleton: a("safeSingleton"), safeProxyFactory: a("safeProxyFactory"),
                  fallbackHandler: a("fallbackHandler"), multiSend: a("multiSend"),
                  multiSendCallOnly: a("multiSendCallOnly"), testToken: a("testToken"),
                  safeVersion: json["safeVersion"]?.stringValue, safeVersions: versions)
    }

    /// The same object form.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        let pairs: [(String, Address?)] = [("safeSingleton", safeSingleton), ("safeProxyFactory", safeProxyFactory),
                                           ("fallbackHandler", fallbackHandler), ("multiSend", multiSend),
                                           ("multiSendCallOnly", multiSendCallOnly), ("testToken", testToken)]
        for (k, v) in pairs { if let v { members.append((k, .string(v.checksummed))) } }
        if let safeVersion { members.append(("safeVersion", .string(safeVersion))) }
        if !safeVersions.isEmpty {
            members.append(("safeVersions", .object(safeVersions.sorted { $0.key < $1.key }.map { version, set in
                (version.rawValue, .object(SafeContractSet.keys.compactMap { key in set[key].map { (key, .string($0.checksummed)) } }))
            })))
        }
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
