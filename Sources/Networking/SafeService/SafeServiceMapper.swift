import BigInt
import EthereumKit
import SafeKit

/// Turns the Transaction Service's wire types into verified entities. The service is not
/// trusted: hashes are recomputed and signatures recovered here.
enum SafeServiceMapper {
    static func info(_ json: JSONValue) throws(NetworkError) -> SafeServiceInfo {
        let safe: ServiceWireSafe
        do { safe = try ServiceWireSafe(json: json) } catch { throw .invalidResponse("the service's \(error.description)") }
        return SafeServiceInfo(address: safe.address, nonce: safe.nonce, threshold: safe.threshold, owners: safe.owners, version: safe.version)
    }

    /// One page's transactions; an entry that does not verify is set aside with why, so one bad
    /// entry cannot hide the others.
    static func transactions(_ json: JSONValue, chainID: BigUInt, version: SafeVersion) throws(NetworkError) -> SafeServiceListing {
        let page: ServiceWirePage
        do { page = try ServiceWirePage(json: json) } catch { throw .invalidResponse("the service's list: \(error.reason)") }
        var kept: [SafeServiceTransaction] = [], setAside: [String] = []
        for item in page.results {
            do { kept.append(try transaction(item, chainID: chainID, version: version)) } catch {
                let named = item["safeTxHash"]?.stringValue ?? "an entry"
                setAside.append("\(named): \(error.description)")
            }
        }
        return SafeServiceListing(transactions: kept, setAside: setAside)
    }

    static func transaction(_ json: JSONValue, chainID: BigUInt, version: SafeVersion) throws(NetworkError) -> SafeServiceTransaction {
        let wire: ServiceWireTransaction, tx: SafeTx
        do {
            wire = try ServiceWireTransaction(json: json)
            tx = try wire.safeTx(chainID: chainID, version: version)
        } catch {
            throw .invalidResponse("the service's \(error.description)")
        }
        let hash: [UInt8]
        do { hash = try tx.hash() } catch { throw .invalidResponse(error.description) }
        if let stated = wire.safeTxHash, stated != hash {
            throw .invalidResponse("the service states safeTxHash \(Hex.encode(stated)) for a transaction that hashes to \(Hex.encode(hash))")
        }
        var confirmations: [SafeSignature] = []
        var rejected: [String] = []
        for c in wire.confirmations {
            let owner = c.owner.checksummed
            guard let bytes = c.signature else {
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
                guard sig.owner == c.owner else {
                    rejected.append("\(owner): signed by \(sig.owner.checksummed)")
                    continue
                }
                confirmations.append(sig)
            } catch {
                rejected.append("\(owner): \(error.description)")
            }
        }
        return SafeServiceTransaction(transaction: tx, safeTxHash: hash, confirmations: confirmations, isExecuted: wire.isExecuted, rejected: rejected)
    }
}
