import BigInt
import EthereumKit
import SafeKit

/// Turns Transaction Service JSON into verified entities. The service is not trusted: hashes are
/// recomputed and signatures recovered here.
enum SafeServiceMapper {
    static func info(_ json: JSONValue) throws(NetworkError) -> SafeServiceInfo {
        SafeServiceInfo(address: try address(json["address"], "address"), nonce: try number(json["nonce"], "nonce"),
                        threshold: try number(json["threshold"], "threshold"),
                        owners: try (json["owners"]?.arrayValue ?? []).map { v throws(NetworkError) in try address(v, "owners") },
                        version: json["version"]?.stringValue)
    }

    /// One page's transactions; an entry that does not verify is set aside with why, so one bad
    /// entry cannot hide the others.
    static func transactions(_ json: JSONValue, chainID: BigUInt, version: SafeVersion) throws(NetworkError) -> SafeServiceListing {
        guard let results = json["results"]?.arrayValue else { throw .invalidResponse("the service's list has no \"results\" array") }
        var kept: [SafeServiceTransaction] = [], setAside: [String] = []
        for item in results {
            do { kept.append(try transaction(item, chainID: chainID, version: version)) } catch {
                let named = item["safeTxHash"]?.stringValue ?? "an entry"
                setAside.append("\(named): \(error.description)")
            }
        }
        return SafeServiceListing(transactions: kept, setAside: setAside)
    }

    static func transaction(_ json: JSONValue, chainID: BigUInt, version: SafeVersion) throws(NetworkError) -> SafeServiceTransaction {
        let opNumber = try number(json["operation"], "operation")
        guard let operation = SafeOperation(rawValue: UInt8(clamping: opNumber)), opNumber <= 1 else {
            throw .invalidResponse("the service listed operation \(opNumber)")
        }
        let dataText = json["data"]?.stringValue ?? "0x"
        guard let data = try? Hex.decode(dataText) else { throw .invalidResponse("the service listed data that is not hex") }
        let tx = SafeTx(safe: try address(json["safe"], "safe"), chainID: chainID, version: version, to: try address(json["to"], "to"),
                        value: try number(json["value"], "value"), data: data, operation: operation,
                        safeTxGas: try number(json["safeTxGas"], "safeTxGas"), baseGas: try number(json["baseGas"], "baseGas"),
                        gasPrice: try number(json["gasPrice"], "gasPrice"),
                        gasToken: try address(json["gasToken"], "gasToken"),
                        refundReceiver: try address(json["refundReceiver"], "refundReceiver"), nonce: try number(json["nonce"], "nonce"))
        let hash: [UInt8]
        do { hash = try tx.hash() } catch { throw .invalidResponse(error.description) }
        if let stated = json["safeTxHash"]?.stringValue, (try? Hex.decode(stated)) != hash {
            throw .invalidResponse("the service states safeTxHash \(stated) for a transaction that hashes to \(Hex.encode(hash))")
        }
        var confirmations: [SafeSignature] = []
        var rejected: [String] = []
        for c in json["confirmations"]?.arrayValue ?? [] {
            let owner = c["owner"]?.stringValue ?? "?"
            guard let bytes = c["signature"]?.stringValue.flatMap({ try? Hex.decode($0) }) else {
                rejected.append("\(owner): no signature")
                continue
            }
            do {
                // A contract owner's confirmation comes packed: its data after a length word at offset s.
                let parts = try SafeSignature.parse(packed: bytes, safeTxHash: hash)
                guard parts.count == 1, let sig = parts.first else {
                    rejected.append("\(owner): \(parts.count) signatures where one was expected")
                    continue
                }
                guard sig.owner == (try? Address(owner)) else {
                    rejected.append("\(owner): signed by \(sig.owner.checksummed)")
                    continue
                }
                confirmations.append(sig)
            } catch {
                rejected.append("\(owner): \(error.description)")
            }
        }
        return SafeServiceTransaction(transaction: tx, safeTxHash: hash, confirmations: confirmations,
                                      isExecuted: json["isExecuted"] == .bool(true), rejected: rejected)
    }

    /// The body of `POST /api/v2/safes/{address}/multisig-transactions/`.
    static func proposal(_ tx: SafeTx, safeTxHash: [UInt8], sender: Address, signature: [UInt8], origin: String) -> JSONValue {
        let fields: [(key: String, value: JSONValue)] = [
            (key: "safe", value: .string(tx.safe.checksummed)), (key: "to", value: .string(tx.to.checksummed)),
            (key: "value", value: .string(String(tx.value))), (key: "data", value: tx.data.isEmpty ? .null : .string(Hex.encode(tx.data))),
            (key: "operation", value: .number(String(tx.operation.rawValue))), (key: "gasToken", value: .string(tx.gasToken.checksummed)),
            (key: "safeTxGas", value: .string(String(tx.safeTxGas))), (key: "baseGas", value: .string(String(tx.baseGas))),
            (key: "gasPrice", value: .string(String(tx.gasPrice))), (key: "refundReceiver", value: .string(tx.refundReceiver.checksummed)),
            (key: "nonce", value: .string(String(tx.nonce))), (key: "contractTransactionHash", value: .string(Hex.encode(safeTxHash))),
            (key: "sender", value: .string(sender.checksummed)), (key: "signature", value: .string(Hex.encode(signature))),
            (key: "origin", value: .string(origin)),
        ]
        return .object(fields)
    }

    private static func address(_ v: JSONValue?, _ field: String) throws(NetworkError) -> Address {
        guard let s = v?.stringValue, let a = try? Address(s) else { throw .invalidResponse("the service's \"\(field)\" is not an address") }
        return a
    }

    private static func number(_ v: JSONValue?, _ field: String) throws(NetworkError) -> BigUInt {
        guard let s = v?.text, let n = IntegerText.parseUInt256(s) else { throw .invalidResponse("the service's \"\(field)\" is not a number") }
        return n
    }
}
