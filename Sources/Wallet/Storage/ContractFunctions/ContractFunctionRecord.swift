import BigInt
import EthereumKit
import Foundation
import GRDB

/// The `contractFunction` row: one function of a contract's ABI, as its JSON entry.
struct ContractFunctionRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    enum Columns {
        static let chainId = Column(CodingKeys.chainId)
    }

    static let databaseTableName = "contractFunction"

    var chainId: String
    var address: String
    var selector: String
    var fragment: String
    var savedAt: Date

    init(chainID: BigUInt, address: Address, function: ContractFunction, savedAt: Date) {
        chainId = String(chainID)
        self.address = address.checksummed
        selector = Hex.encode(function.selector)
        fragment = JSONWriter.write(function.fragment)
        self.savedAt = savedAt
    }
}
