import BigInt
import EthereumKit
import Foundation
import GRDB

/// The functions people called contracts with, from an ABI or a signature, so a review later
/// reads those calls by name with the same ABI.
public struct ContractFunctionStorage: Sendable {
    let database: AppDatabase

    /// Contract function storage over `database`.
    public init(database: AppDatabase) { self.database = database }

    /// Remembers `function` for `address` on `chainID`; a function of the same selector is replaced.
    public func save(_ function: ContractFunction, address: Address, chainID: BigUInt) async throws(StorageError) {
        let record = ContractFunctionRecord(chainID: chainID, address: address, function: function, savedAt: Date())
        try await database.write { db in try record.save(db) }
    }

    /// Every remembered function on `chainID`, by contract.
    public func functions(chainID: BigUInt) async throws(StorageError) -> [Address: [ContractFunction]] {
        let id = String(chainID)
        let records = try await database.read { db in try ContractFunctionRecord.filter(ContractFunctionRecord.Columns.chainId == id).fetchAll(db) }
        var byAddress: [Address: [ContractFunction]] = [:]
        for record in records {
            guard let address = try? Address(record.address), let json = try? JSONParser.parse(record.fragment),
                  let function = try? ContractFunction(fragment: json)
            else { throw StorageError.unreadable("the contract function \(record.selector) of \(record.address)") }
            byAddress[address, default: []].append(function)
        }
        return byAddress
    }
}
