import Foundation
import GRDB

// Row mapping by hand: the Codable coders cost every served write a few percent (the server's
// profile), and a column read that fails still throws, as Codable's did.
extension SafeTransactionRecord {
    init(row: Row) throws {
        safeTxHash = try row.decode(forColumn: "safeTxHash")
        chainId = try row.decode(forColumn: "chainId")
        safe = try row.decode(forColumn: "safe")
        safeVersion = try row.decode(forColumn: "safeVersion")
        toAddress = try row.decode(forColumn: "toAddress")
        value = try row.decode(forColumn: "value")
        data = try row.decode(forColumn: "data")
        operation = try row.decode(forColumn: "operation")
        safeTxGas = try row.decode(forColumn: "safeTxGas")
        baseGas = try row.decode(forColumn: "baseGas")
        gasPrice = try row.decode(forColumn: "gasPrice")
        gasToken = try row.decode(forColumn: "gasToken")
        refundReceiver = try row.decode(forColumn: "refundReceiver")
        nonce = try row.decode(forColumn: "nonce")
        status = try row.decode(forColumn: "status")
        executionHash = try row.decode(forColumn: "executionHash")
        summary = try row.decode(forColumn: "summary")
        createdAt = try row.decode(forColumn: "createdAt")
        updatedAt = try row.decode(forColumn: "updatedAt")
        proposer = try row.decode(forColumn: "proposer")
        origin = try row.decode(forColumn: "origin")
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["safeTxHash"] = safeTxHash
        container["chainId"] = chainId
        container["safe"] = safe
        container["safeVersion"] = safeVersion
        container["toAddress"] = toAddress
        container["value"] = value
        container["data"] = data
        container["operation"] = operation
        container["safeTxGas"] = safeTxGas
        container["baseGas"] = baseGas
        container["gasPrice"] = gasPrice
        container["gasToken"] = gasToken
        container["refundReceiver"] = refundReceiver
        container["nonce"] = nonce
        container["status"] = status
        container["executionHash"] = executionHash
        container["summary"] = summary
        container["createdAt"] = createdAt
        container["updatedAt"] = updatedAt
        container["proposer"] = proposer
        container["origin"] = origin
    }
}

extension SafeSignatureRecord {
    init(row: Row) throws {
        safeTxHash = try row.decode(forColumn: "safeTxHash")
        owner = try row.decode(forColumn: "owner")
        signature = try row.decode(forColumn: "signature")
        addedAt = try row.decode(forColumn: "addedAt")
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["safeTxHash"] = safeTxHash
        container["owner"] = owner
        container["signature"] = signature
        container["addedAt"] = addedAt
    }
}
