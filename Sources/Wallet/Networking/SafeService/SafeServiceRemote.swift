import BigInt
import EthereumKit
import Foundation
import SafeKit

/// The Safe Transaction Service API, or the Safe Queue Service API for a base URL that ends in
/// `/queue`: propose, confirm and list multisig transactions and messages, and read a Safe. Paths
/// follow the public services (`/api/v1/…`, `/api/v2/…`) under a configurable base URL.
public struct SafeServiceRemote: Sendable {
    let rest: RESTClient
    /// Whether the service is a Queue Service: one for every chain, the chain in the body or the
    /// query, signatures as lists, and no trailing slashes.
    public let isQueue: Bool

    /// A remote for the service at `baseURL` (e.g. `https://api.safe.global/tx-service/eth`, or
    /// `https://api.safe.global/queue`); with `apiKey` every request is authenticated with it as a bearer token.
    public init(network: any Network, baseURL: URL, apiKey: String? = nil) {
        rest = RESTClient(network: network, baseURL: baseURL, apiKey: apiKey.map { "Bearer " + $0 }, apiKeyHeader: "Authorization")
        isQueue = baseURL.lastPathComponent == "queue"
    }

    /// A path of this service's API: the Transaction Service's own ends in a slash, the Queue Service's does not.
    func path(_ path: String) -> String { isQueue || path.hasSuffix("/") ? path : path + "/" }

    /// `signature` as the API takes one: `signature`, or a one-item `signatures` list for the Queue Service.
    func signed(_ signature: [UInt8]) -> JSONValue {
        isQueue ? .object([(key: "signatures", value: .array([.string(Hex.encode(signature))]))])
            : .object([(key: "signature", value: .string(Hex.encode(signature)))])
    }

    /// Proposes `tx` with the proposer's own signature.
    public func propose(_ tx: SafeTx, safeTxHash: [UInt8], sender: Address, signature: [UInt8], origin: String = "bifrost") async throws(NetworkError) {
        let proposal = ServiceWireProposal(tx, safeTxHash: safeTxHash, sender: sender, signature: signature, origin: origin)
        guard isQueue else {
            _ = try await rest.post(path: path("api/v2/safes/\(tx.safe.checksummed)/multisig-transactions"), json: proposal.json)
            return
        }
        _ = try await rest.post(path: "api/v1/multisig-transactions", json: proposal.queueJSON(chainID: tx.chainID ?? 0))
    }

    /// Adds one owner's confirmation to a proposed transaction.
    public func confirm(safeTxHash: [UInt8], signature: [UInt8]) async throws(NetworkError) {
        let hash = Hex.encode(safeTxHash)
        _ = try await rest.post(path: isQueue ? "api/v1/multisig-transactions/\(hash)/signatures" : path("api/v1/multisig-transactions/\(hash)/confirmations"),
                                json: signed(signature))
    }

    /// The most pages one listing is followed for: 100 pages of 100 entries is more than any Safe
    /// queues, and a service that names a new page every time must not keep Bifrost asking forever.
    public static let maxPages = 100

    /// Transactions not yet executed with nonce at least `nonce`, every page of them, verified;
    /// an entry that does not verify is set aside with the reason and the rest still arrive.
    public func pending(safe: Address, nonce: BigUInt, chainID: BigUInt, version: SafeVersion,
                        pageSize: Int = 100) async throws(NetworkError) -> SafeServiceListing {
        var transactions: [SafeServiceTransaction] = [], setAside: [String] = []
        // The Queue Service lists what is still to execute by itself, from the Safe's nonce on, across chains.
        let (listing, query) = isQueue
            ? ("api/v1/multisig-transactions/queue", ["safes": "\(safe.checksummed):\(chainID)", "nonce_order": "asc", "limit": String(pageSize)])
            : ("api/v2/safes/\(safe.checksummed)/multisig-transactions/",
               ["executed": "false", "nonce__gte": String(nonce), "ordering": "nonce", "limit": String(pageSize)])
        let pages = try await everyPage(path: listing, query: query) { json throws(NetworkError) in
            let page = try SafeServiceMapper.transactions(json, chainID: chainID, version: version)
            transactions += page.transactions
            setAside += page.setAside
        }
        return SafeServiceListing(transactions: transactions, setAside: setAside, pages: pages)
    }

    /// Reads the listing at `path` and every page its `next` links name, in order, at most
    /// `maxPages` of them, only on the service's own origin (`RESTClient.get(url:)`); the pages read.
    func everyPage(path: String, query: [String: String], _ body: (JSONValue) throws(NetworkError) -> Void) async throws(NetworkError) -> Int {
        var json = try await rest.get(path: path, query: query)
        var seen: Set<String> = []
        var pages = 1
        while true {
            try body(json)
            guard let next = json["next"]?.stringValue, let url = URL(string: next) else { return pages }
            // A service that names a page twice, or a new one every time, would keep us here forever.
            guard seen.insert(next).inserted else { throw .invalidResponse("the service named the page \(next) twice") }
            guard pages < Self.maxPages else { throw .tooManyPages(pages) }
            json = try await rest.get(url: url)
            pages += 1
        }
    }

    /// Proposes a Safe message with the proposer's own signature.
    public func proposeMessage(safe: Address, chainID: BigUInt, _ proposal: ServiceWireMessageProposal) async throws(NetworkError) {
        _ = try await rest.post(path: path("api/v1/safes/\(safe.checksummed)/messages"), json: isQueue ? proposal.queueJSON(chainID: chainID) : proposal.json)
    }

    /// Adds one owner's signature to a proposed Safe message.
    public func signMessage(messageHash: [UInt8], signature: [UInt8]) async throws(NetworkError) {
        _ = try await rest.post(path: path("api/v1/messages/\(Hex.encode(messageHash))/signatures"), json: signed(signature))
    }

    /// The Safe message with `messageHash` for `safe` of `version` on `chainID`, verified; nil
    /// when the service has none.
    public func message(_ messageHash: [UInt8], safe: Address, chainID: BigUInt, version: SafeVersion) async throws(NetworkError) -> SafeServiceMessage? {
        let json: JSONValue
        do { json = try await rest.get(path: path("api/v1/messages/\(Hex.encode(messageHash))")) } catch {
            if case .httpStatus(404, _) = error { return nil }
            throw error
        }
        return try SafeServiceMapper.message(json, safe: safe, chainID: chainID, version: version)
    }

    /// Every one of the Safe's messages on the service, every page, verified; an entry that does
    /// not verify is set aside with the reason and the rest still arrive.
    public func messages(safe: Address, chainID: BigUInt, version: SafeVersion, pageSize: Int = 100) async throws(NetworkError) -> SafeServiceMessages {
        var messages: [SafeServiceMessage] = [], setAside: [String] = []
        var query = ["limit": String(pageSize)]
        if isQueue { query["chainId"] = String(chainID) }
        _ = try await everyPage(path: path("api/v1/safes/\(safe.checksummed)/messages"), query: query) { json throws(NetworkError) in
            let page = try SafeServiceMapper.messages(json, safe: safe, chainID: chainID, version: version)
            messages += page.messages
            setAside += page.setAside
        }
        return SafeServiceMessages(messages: messages, setAside: setAside)
    }

    /// The service's view of a Safe.
    public func safeInfo(_ safe: Address) async throws(NetworkError) -> SafeServiceInfo {
        try SafeServiceMapper.info(try await rest.get(path: "api/v1/safes/\(safe.checksummed)/"))
    }

    /// The service's events as server-sent events (`GET /api/v1/events`, which `bifrost serve`
    /// streams; the official service has none), after the event `lastID` when given, else from now on.
    public func events(after lastID: String?) throws(NetworkError) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        var request = try rest.makeRequest(method: "GET", path: "api/v1/events")
        request.headers["Accept"] = "text/event-stream"
        if let lastID { request.headers["Last-Event-ID"] = lastID }
        return rest.network.events(request)
    }
}
