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
        let (confirmations, rejected) = Self.confirmations(wire.confirmations.map { ($0.owner, $0.signature) }, over: hash)
        return SafeServiceTransaction(transaction: tx, safeTxHash: hash, confirmations: confirmations, isExecuted: wire.isExecuted, rejected: rejected)
    }

    /// Each stated owner's signature recovered over `hash`: kept when it is one signature by that
    /// owner, otherwise set aside with the reason. A contract owner's comes packed, its data after
    /// a length word at offset s.
    static func confirmations(_ stated: [(owner: Address, signature: [UInt8]?)], over hash: [UInt8]) -> (kept: [SafeSignature], rejected: [String]) {
        var kept: [SafeSignature] = [], rejected: [String] = []
        for (statedOwner, signature) in stated {
            let owner = statedOwner.checksummed
            guard let bytes = signature else {
                rejected.append("\(owner): no signature")
                continue
            }
            do {
                let parts = try SafeSignature.parse(packed: bytes, safeTxHash: hash)
                guard parts.count == 1, let sig = parts.first else {
                    rejected.append("\(owner): \(parts.count) signatures where one was expected")
                    continue
                }
                guard sig.owner == statedOwner else {
                    rejected.append("\(owner): signed by \(sig.owner.checksummed)")
                    continue
                }
                kept.append(sig)
            } catch {
                rejected.append("\(owner): \(error.description)")
            }
        }
        return (kept, rejected)
    }

    /// A page of the service's Safe messages for `safe` of `version` on `chainID`, each hash
    /// recomputed from its content and each signature recovered; an entry that does not verify
    /// is set aside with the reason.
    static func messages(_ json: JSONValue, safe: Address, chainID: BigUInt, version: SafeVersion) throws(NetworkError) -> SafeServiceMessages {
        let page: ServiceWirePage
        do { page = try ServiceWirePage(json: json) } catch { throw .invalidResponse("the service's list: \(error.reason)") }
        var kept: [SafeServiceMessage] = [], setAside: [String] = []
        for item in page.results {
            do { kept.append(try message(item, safe: safe, chainID: chainID, version: version)) } catch {
                setAside.append("\(item["messageHash"]?.stringValue ?? "an entry"): \(error.description)")
            }
        }
        return SafeServiceMessages(messages: kept, setAside: setAside)
    }

    static func message(_ json: JSONValue, safe: Address, chainID: BigUInt, version: SafeVersion) throws(NetworkError) -> SafeServiceMessage {
        let wire: ServiceWireMessage
        do { wire = try ServiceWireMessage(json: json) } catch { throw .invalidResponse("the service's \(error.description)") }
        guard wire.safe == safe else { throw .invalidResponse("the service lists a message of \(wire.safe.checksummed) among \(safe.checksummed)'s") }
        let message = SafeMessage(safe: safe, chainID: chainID, version: version, content: wire.content)
        let hash: [UInt8]
        do { hash = try message.hash() } catch { throw .invalidResponse(error.description) }
        guard hash == wire.messageHash else {
            throw .invalidResponse("the service states messageHash \(Hex.encode(wire.messageHash)) for a message that hashes to \(Hex.encode(hash))")
        }
        let (kept, rejected) = confirmations(wire.confirmations.map { ($0.owner, $0.signature) }, over: hash)
        return SafeServiceMessage(message: message, messageHash: hash, confirmations: kept, rejected: rejected, proposedBy: wire.proposedBy,
                                  safeAppID: wire.safeAppID, origin: wire.origin)
    }
}
