import BigInt
import EthereumKit
import Foundation
import GRDB

/// The `network` row.
struct NetworkRecord: Codable, FetchableRecord, PersistableRecord, EntityRecord, Sendable {
    enum Columns {
        static let name = Column(CodingKeys.name)
    }

    static let databaseTableName = "network"

    var name: String
    var chainId: String
    var rpcUrl: String
    var contracts: String?
    var maxBatch: Int?
    var maxLogRange: Int?
    var createdAt: Date

    init(_ n: ChainNetwork) {
        name = n.name
        chainId = String(n.chainID)
        rpcUrl = n.rpcURL
        contracts = JSONWriter.write(n.contracts.json)
        maxBatch = n.maxBatch
        maxLogRange = n.maxLogRange
        createdAt = n.createdAt
    }

    var rowDescription: String { "the network '\(name)'" }

    var decoded: ChainNetwork? {
        guard let id = BigUInt(chainId, radix: 10) else { return nil }
        let c = contracts.flatMap { try? JSONParser.parse($0) }.map(NetworkContracts.init(json:)) ?? NetworkContracts()
        return ChainNetwork(name: name, chainID: id, rpcURL: rpcUrl, contracts: c, maxBatch: maxBatch, maxLogRange: maxLogRange, createdAt: createdAt)
    }
}

/// A key/value setting such as the current network.
struct SettingRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "setting"
    var key: String
    var value: String
}
