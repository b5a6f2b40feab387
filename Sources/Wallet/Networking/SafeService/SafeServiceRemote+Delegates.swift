import EthereumKit
import Foundation

/// Delegates (proposers) on a Transaction Service, by its v2 routes: listing them, and adding
/// and removing one with the `Delegate` signature (`ServiceAuthorization.delegateDigest`).
extension SafeServiceRemote {
    /// Every delegate matching the filters (at least one is needed: the service refuses an
    /// unbounded listing), every page; an entry that does not read fails the listing, by name.
    public func delegates(safe: Address? = nil, delegator: Address? = nil, delegate: Address? = nil,
                          pageSize: Int = 100) async throws(NetworkError) -> [ServiceWireDelegate] {
        var query = ["limit": String(pageSize)]
        if let safe { query["safe"] = safe.checksummed }
        if let delegator { query["delegator"] = delegator.checksummed }
        if let delegate { query["delegate"] = delegate.checksummed }
        var found: [ServiceWireDelegate] = []
        _ = try await everyPage(path: "api/v2/delegates/", query: query) { json throws(NetworkError) in
            found += try Self.delegates(page: json)
        }
        return found
    }

    /// Adds `delegate` with its delegator's `signature` of the `Delegate` message.
    public func addDelegate(_ delegate: ServiceWireDelegate, signature: [UInt8]) async throws(NetworkError) {
        _ = try await rest.post(path: "api/v2/delegates/", json: delegate.addition(signature: signature))
    }

    /// Removes `delegate` as `delegator` gave it: for `safe` only, or without one everywhere;
    /// signed by the delegator (or the delegate) over the `Delegate` message.
    public func removeDelegate(_ delegate: Address, delegator: Address, safe: Address?, signature: [UInt8]) async throws(NetworkError) {
        _ = try await rest.send(method: "DELETE", path: "api/v2/delegates/\(delegate.checksummed)/",
                                json: ServiceWireDelegate.removal(delegator: delegator, safe: safe, signature: signature))
    }

    /// The delegates of one listing page.
    static func delegates(page json: JSONValue) throws(NetworkError) -> [ServiceWireDelegate] {
        let page: ServiceWirePage
        do { page = try ServiceWirePage(json: json) } catch { throw .invalidResponse("the service's delegates: \(error.reason)") }
        var read: [ServiceWireDelegate] = []
        for item in page.results {
            do { read.append(try ServiceWireDelegate(json: item)) } catch { throw .invalidResponse("the service's \(error.description)") }
        }
        return read
    }
}
