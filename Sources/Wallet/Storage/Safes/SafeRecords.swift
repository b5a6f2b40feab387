import BigInt
import EthereumKit
import Foundation
import GRDB
import SafeKit

/// The `safe` row; owners and modules are JSON arrays of addresses.
struct SafeRecord: Codable, FetchableRecord, PersistableRecord, EntityRecord, Sendable {
    static let databaseTableName = "safe"

    var chainId: String
    var address: String
    var name: String?
    var version: String
    var owners: [String]
    var threshold: String
    var nonce: StoredInteger
    var modules: [String]
    var fallbackHandler: String
    var guardAddress: String
    var updatedAt: Date
    /// A counterfactual Safe's deployment; NULL once deployed, and in rows from before v14.
    var undeployed: SafeProxyDeploymentColumn?

    enum Columns {
        static let chainId = Column(CodingKeys.chainId)
        static let address = Column(CodingKeys.address)
        static let name = Column(CodingKeys.name)
    }

    init(_ s: Safe) {
        chainId = String(s.chainID)
        address = s.address.checksummed
        name = s.name
        version = s.version
        owners = s.owners.map(\.checksummed)
        threshold = String(s.threshold)
        nonce = StoredInteger(s.nonce)
        modules = s.modules.map(\.checksummed)
        fallbackHandler = s.fallbackHandler.checksummed
        guardAddress = s.guardAddress.checksummed
        updatedAt = s.updatedAt
        undeployed = s.undeployed.map(SafeProxyDeploymentColumn.init)
    }

    var rowDescription: String { "the Safe \(address) on chain \(chainId)" }

    var decoded: Safe? {
        guard let id = BigUInt(chainId, radix: 10), let a = try? Address(address),
              let o = try? owners.map({ try Address($0) }), let m = try? modules.map({ try Address($0) }),
              let t = BigUInt(threshold, radix: 10),
              let f = try? Address(fallbackHandler), let g = try? Address(guardAddress)
        else { return nil }
        let deployment: SafeProxyDeployment?
        if let undeployed {
            guard let decoded = undeployed.decoded else { return nil }
            deployment = decoded
        } else { deployment = nil }
        return Safe(chainID: id, address: a, name: name, version: version, owners: o, threshold: t, nonce: nonce.value, modules: m,
                    fallbackHandler: f, guardAddress: g, updatedAt: updatedAt, undeployed: deployment)
    }
}

/// The `safe.undeployed` column: a counterfactual Safe's `createProxyWithNonce` arguments, as JSON.
struct SafeProxyDeploymentColumn: Codable, Sendable {
    var factory: String
    var singleton: String
    var initializer: String
    var saltNonce: String

    init(_ d: SafeProxyDeployment) {
        factory = d.factory.checksummed
        singleton = d.singleton.checksummed
        initializer = Hex.encode(d.initializer)
        saltNonce = String(d.saltNonce)
    }

    var decoded: SafeProxyDeployment? {
        guard let f = try? Address(factory), let s = try? Address(singleton), let i = try? Hex.decode(initializer),
              let n = BigUInt(saltNonce, radix: 10) else { return nil }
        return SafeProxyDeployment(factory: f, singleton: s, initializer: i, saltNonce: n)
    }
}
