import BigInt
import CoSigning
import CoSigningStorage
import Foundation
import Hummingbird
import Networking
import Services

/// The Transaction Service API subset wallets use, over the co-signing store's actions.
/// Handlers parse and render; the rules are the co-signing room's.
struct CoSigningRoutes: Sendable {
    let store: CoSigningStore
    /// Where paging links point; never the request's own Host.
    let links: PageLinks
    /// Where requests the storage could not serve are counted.
    let metrics: ServeMetrics
    /// How many blocks below the last one followed an execution must be to be final (`confirmed`).
    let reorgDepth: Int
    /// Whether paging links end their path with a slash, as the Transaction Service's do (the Queue Service's do not).
    var trailingSlash = true
    /// The largest request body taken; a bigger one is a 413.
    static let maxBody = 256 * 1024

    func add(to router: Router<BasicRequestContext>) {
        router.get("/health") { _, _ in Self.json(.ok, ServedJSON.object([("status", .string("ok"))])) }
        router.get("/metrics") { _, _ in
            if let depth = try? await self.store.dispatch(OutboxDepth()) { self.metrics.outbox(depth: depth) }
            if let dead = try? await self.store.dispatch(WebhookDeadLetters()) { self.metrics.outbox(deadLetters: dead) }
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(string: self.metrics.text)))
        }
        router.get("/api/v1/about") { request, _ in try await self.about(request) }
        router.get("/api/v1/about/indexing") { _, _ in
            try await self.run { Self.json(.ok, try await self.store.dispatch(ServedIndexing(reorgDepth: self.reorgDepth)).json) }
        }
        router.get("/api/v1/about/singletons") { _, _ in
            try await self.run { Self.json(.ok, .array(try await self.store.dispatch(ServedSingletons()).map(\.json))) }
        }
        router.get("/api/v1/about/deployments") { request, _ in
            try await self.run {
                let q = request.uri.queryParameters
                // An unknown release is a 404 with no body, as the official service answers it.
                guard let deployments = try await self.store.dispatch(ServedDeployments(version: q.get("version"), contract: q.get("contract"))) else {
                    return Response(status: .notFound)
                }
                return Self.json(.ok, .array(deployments.map(\.json)))
            }
        }
        router.get("/api/v1/safes/:address") { _, context in try await self.run { try await self.safe(context) } }
        for version in ["v1", "v2"] {
            let v2 = version == "v2"
            router.get("/api/\(version)/safes/:address/multisig-transactions") { request, context in
                try await self.run { try await self.list(request, context, v2: v2) }
            }
            router.post("/api/\(version)/safes/:address/multisig-transactions/estimations") { request, context in
                try await self.run(as: .submission) { try await self.estimate(request, context) }
            }
            router.post("/api/\(version)/safes/:address/multisig-transactions") { request, context in
                try await self.run(as: .proposal) { try await self.propose(request, context) }
            }
            router.get("/api/\(version)/multisig-transactions/:hash") { _, context in
                try await self.run { try await self.transaction(context, v2: v2) }
            }
            router.delete("/api/\(version)/multisig-transactions/:hash") { request, context in
                try await self.run { try await self.delete(request, context) }
            }
            router.get("/api/\(version)/owners/:owner/safes") { request, context in
                try await self.run { try await self.ownedSafes(request, context, v2: v2) }
            }
        }
        addDelegates(to: router)
        addMessages(to: router)
        addEvents(to: router)
        addAssets(to: router)
        addTransfers(to: router)
        router.post("/api/v1/data-decoder") { request, _ in try await self.run { try await self.decodeData(request) } }
        router.post("/api/v1/multisig-transactions/:hash/confirmations") { request, context in
            try await self.run(as: .confirmation) { try await self.confirm(request, context) }
        }
        router.get("/api/v1/multisig-transactions/:hash/confirmations") { request, context in
            try await self.run { try await self.confirmations(request, context) }
        }
    }

    private func about(_ request: Request) async throws -> Response {
        let chainID = (try? await store.dispatch(ServedChainID())).map { JSONValue.string(String($0)) } ?? .null
        return Self.json(.ok, ServedJSON.object([
            ("name", .string("Bifrost co-signing service")), ("version", .string(ServerVersion.current)), ("api_version", .string("v1")),
            ("secure", .bool(false)), ("host", .string(links.base)), ("chainId", chainID),
        ]))
    }

    private func safe(_ context: BasicRequestContext) async throws -> Response {
        let description = try await store.dispatch(DescribeServedSafe(address: try Self.address(context, "address")))
        return Self.json(.ok, ServedJSON.safe(description))
    }

    private func propose(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let fields = try RequestFields(try await Self.body(request))
        _ = try await store.dispatch(ProposeServedTransaction(try fields.proposal(safe: try Self.address(context, "address"))))
        return Response(status: .created)
    }

    /// `{"safeTxGas": "…"}` for a call the Safe would make; a call that fails is the official 422
    /// with code 30.
    private func estimate(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let fields = try RequestFields(try await Self.body(request))
        if let missing = FieldError.missing(["to", "value", "operation"].filter { fields.json[$0] == nil }) { throw missing }
        let operation = try fields.number("operation")
        guard let op = UInt8(exactly: operation).flatMap(SafeOperation.init(rawValue:)), op != .create else {
            throw FieldError(.malformed, field: "operation", "Unknown operation: give 0 for a call or 1 for a delegatecall")
        }
        do {
            let gas = try await store.dispatch(EstimateServedTransaction(safe: try Self.address(context, "address"), to: try fields.address("to"),
                                                                         value: try fields.number("value"), data: try fields.hex("data") ?? [], operation: op))
            return Self.json(.ok, ServedJSON.object([("safeTxGas", .string(String(gas)))]))
        } catch CoSigningRefusal.estimationFailed(let why) {
            return Self.json(.unprocessableContent, ServedJSON.object([("code", .number("30")), ("message", .string("Gas estimation failed")),
                                                                       ("arguments", .array([.string(why)]))]))
        }
    }

    /// `dataDecoded` for `data` (sent to `to`, when given), as the multisig transactions carry it; a
    /// selector no known function has is a 404, as the official service answers.
    private func decodeData(_ request: Request) async throws -> Response {
        let fields = try RequestFields(try await Self.body(request))
        guard let data = try fields.hex("data"), data.count >= 4 else { throw FieldError(.malformed, field: "data", "give the calldata as 0x hex, 4 bytes at least") }
        let to = try fields.optionalAddress("to") ?? .zero
        let decoded = CallDecoder().decode(to: to, value: 0, data: data, operation: .call).dataDecoded
        guard decoded != .null else {
            return Self.json(.notFound, ServedJSON.object([("detail", .string("Cannot find function selector to decode data"))]))
        }
        return Self.json(.ok, decoded)
    }

    private func confirm(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let hash = try Self.hash(context)
        let fields = try RequestFields(try await Self.body(request))
        let posted = try fields.signature()
        _ = try await store.dispatch(ConfirmServedTransaction(safeTxHash: hash, signature: posted))
        // The official view answers with what was posted, in lowercase hex.
        return Self.json(.created, ServedJSON.object([("signature", .string(Hex.encode(posted)))]))
    }

    /// A transaction's confirmations as a page, in the order they arrived, as the official lists them.
    private func confirmations(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let served = try await store.dispatch(ServedTransactionLookup(safeTxHash: try Self.hash(context)))
        let (limit, offset) = try Self.window(request)
        let all = served.storedSignatures.sorted { $0.addedAt < $1.addedAt }
        let page = Self.page(all, limit, offset).map { ServiceWireConfirmation($0.signature, submissionDate: $0.addedAt).json }
        return paged(request, count: all.count, limit: limit, offset: offset, results: Array(page))
    }

    func transaction(_ context: BasicRequestContext, v2: Bool) async throws -> Response {
        let served = try await store.dispatch(ServedTransactionLookup(safeTxHash: try Self.hash(context)))
        return Self.json(.ok, try await rendered(served, v2: v2))
    }

    /// `served` as the v1 or v2 pages show it, against its Safe's threshold now.
    func rendered(_ served: SafeTransactionEntry, v2: Bool) async throws -> JSONValue {
        let threshold = try? await store.dispatch(ServedSafeState(address: served.transaction.safe)).safe.threshold
        return try await rendered([served], safe: served.transaction.safe, threshold: threshold, v2: v2)[0]
    }

    /// `entries` of `safe` as the v1 or v2 pages show them: finality, how each executed one was
    /// executed, and the delegate that sent each, read once for them all.
    func rendered(_ entries: [SafeTransactionEntry], safe: Address, threshold: BigUInt?, v2: Bool) async throws -> [JSONValue] {
        let final = try await store.dispatch(ServedFinality(entries, reorgDepth: reorgDepth))
        let executions = await executions(of: entries, safe: safe)
        let senders = try await store.dispatch(ServedProposingDelegates(entries.map(\.safeTxHash)))
        return entries.map {
            ServedJSON.transaction($0, threshold: threshold, confirmed: final.contains($0.safeTxHash), v2: v2, execution: executions[$0.safeTxHash],
                                   proposedByDelegate: senders[$0.safeTxHash])
        }
    }

    func list(_ request: Request, _ context: BasicRequestContext, v2: Bool) async throws -> Response {
        let safe = try Self.address(context, "address")
        let state = try await store.dispatch(ServedSafeState(address: safe))
        let q = request.uri.queryParameters
        var query = ServedTransactionQuery(chainID: state.safe.chainID, safe: safe)
        if let text = q.get("executed") { query.executed = try Self.bool(text, field: "executed") }
        if let text = q.get("safe_tx_hash") { query.safeTxHash = try RequestFields.hashText(text, field: "safe_tx_hash") }
        // Every stored transaction is trusted: its proposer and signatures were checked on the way in.
        // `trusted=true` (the default) keeps the trusted ones and `trusted=false` filters nothing, as
        // the official service reads it, so either lists them all; the value is still checked.
        if let text = q.get("trusted") { _ = try Self.bool(text, field: "trusted") }
        let bounds: [(String, (BigUInt) -> ServedTransactionQuery.NonceBound)] = [
            ("nonce", { .equal($0) }), ("nonce__gte", { .atLeast($0) }), ("nonce__gt", { .above($0) }),
            ("nonce__lte", { .atMost($0) }), ("nonce__lt", { .below($0) }),
        ]
        for (name, bound) in bounds {
            if let text = q.get(name) { query.nonce.append(bound(try Self.number(text, field: name))) }
        }
        if let text = q.get("ordering") {
            let descending = text.hasPrefix("-")
            guard let order = ServedTransactionQuery.Order(rawValue: descending ? String(text.dropFirst()) : text) else {
                throw FieldError(.malformed, field: "ordering", "'\(text)' is not nonce, created or modified, with - for descending")
            }
            query.order = order
            query.descending = descending
        }
        (query.limit, query.offset) = try Self.window(request)
        let (count, page) = try await store.dispatch(ListServedTransactions(query))
        let nonces = try await store.dispatch(CountServedNonces(chainID: state.safe.chainID, safe: safe))
        return paged(request, count: count, limit: query.limit, offset: query.offset,
                     results: try await rendered(page, safe: safe, threshold: state.safe.threshold, v2: v2), countUniqueNonce: nonces)
    }

    /// How the chain recorded the executed ones of `entries` (block, time, executor, gas and fee),
    /// by safeTxHash; none when none is executed, or when the node cannot say, so that a listing
    /// still answers with those fields null.
    private func executions(of entries: [SafeTransactionEntry], safe: Address) async -> [[UInt8]: ServedExecution] {
        guard entries.contains(where: \.isExecuted) else { return [:] }
        let all = (try? await store.dispatch(ServedExecutions(safe: safe))) ?? [:]
        let executed = Set(entries.lazy.filter(\.isExecuted).map(\.safeTxHash))
        return all.filter { executed.contains($0.key) }
    }

    /// `limit` and `offset` from the query: by default the official lists' 100, at most 200; the
    /// official's smaller pages (all-transactions: 20, at most 100) say theirs.
    static func window(_ request: Request, defaultLimit: Int = 100, maxLimit: Int = 200) throws(FieldError) -> (limit: Int, offset: Int) {
        let q = request.uri.queryParameters
        let limit = try q.get("limit").map { (text: String) throws(FieldError) in try Self.number(text, field: "limit") } ?? BigUInt(defaultLimit)
        let offset = try q.get("offset").map { (text: String) throws(FieldError) in try Self.number(text, field: "offset") } ?? 0
        return (Int(max(1, min(limit, BigUInt(maxLimit)))), Int(min(offset, BigUInt(Int32.max))))
    }

    /// A page of `results` with absolute links to the pages before and after it.
    func paged(_ request: Request, count: Int, limit: Int, offset: Int, results: [JSONValue], countUniqueNonce: Int? = nil) -> Response {
        let next = offset + limit < count ? pageURL(request, offset: offset + limit, limit: limit) : nil
        let previous = offset > 0 ? pageURL(request, offset: offset - limit, limit: limit) : nil
        return Self.json(.ok, ServedJSON.page(count: count, next: next, previous: previous, results: results, countUniqueNonce: countUniqueNonce))
    }

    /// The same listing at another offset, as an absolute URL under the server's own address, as
    /// the official service writes it: the path's trailing slash kept, the parameters sorted, and
    /// no `offset` for the first page.
    func pageURL(_ request: Request, offset: Int, limit: Int) -> String {
        var items = request.uri.queryParameters.filter { $0.key != "offset" && $0.key != "limit" }
            .map { "\(PercentEncoding.component($0.key))=\(PercentEncoding.component($0.value))" }
        items.append("limit=\(limit)")
        if offset > 0 { items.append("offset=\(offset)") }
        let path = request.uri.path.hasSuffix("/") || !trailingSlash ? request.uri.path : request.uri.path + "/"
        return "\(links.base)\(path)?\(items.sorted().joined(separator: "&"))"
    }

    /// Runs a handler, answering an error as it says it is answered (`ServedError`), and a refusal
    /// as the endpoint's `style` answers it; Hummingbird's own errors go on to Hummingbird.
    func run(as style: RefusalStyle = .plain, _ body: () async throws -> Response) async throws -> Response {
        do { return try await body() } catch let error as HTTPError { throw error } catch {
            let refusal = (error as? FieldError) ?? (error as? CoSigningRefusal).map(FieldError.init)
            if let refusal, style != .plain {
                let (status, json) = refusal.answer(as: style)
                return Self.json(status, json)
            }
            let served = error as? any ServedError ?? UnservedRequest(error: error)
            // Counted apart: the database, not the client, failed these.
            if served is StorageError { metrics.storageFailed() }
            return served.response
        }
    }

    static func json(_ status: HTTPResponse.Status, _ value: JSONValue) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: JSONWriter.write(value))))
    }

    static func body(_ request: Request) async throws -> [UInt8] {
        var request = request
        do {
            let buffer = try await request.collectBody(upTo: maxBody)
            return Array(buffer.readableBytesView)
        } catch {
            // NIO says too many bytes; a body cut off on the way is refused the same way.
            throw FieldError(.tooLarge, field: "body", "larger than \(maxBody / 1024) KiB, or cut off")
        }
    }

    static func address(_ context: BasicRequestContext, _ name: String) throws(FieldError) -> Address {
        guard let text = context.parameters.get(name) else { throw FieldError(.malformed, field: name, "an address is required") }
        return try address(text, field: name)
    }

    static func address(_ text: String, field: String) throws(FieldError) -> Address {
        do { return try InputText.address(text) } catch { throw FieldError(.malformed, field: field, error.reason) }
    }

    static func hash(_ context: BasicRequestContext) throws(FieldError) -> [UInt8] {
        try RequestFields.hashText(context.parameters.get("hash") ?? "", field: "safeTxHash")
    }

    static func number(_ text: String, field: String) throws(FieldError) -> BigUInt {
        do { return try InputText.uint256(text) } catch { throw FieldError(.malformed, field: field, error.reason) }
    }

    /// `true`, `false`, `True`, `False`, `1` or `0`, as Django reads booleans.
    static func bool(_ text: String, field: String) throws(FieldError) -> Bool {
        switch text {
        case "true", "True", "1": return true
        case "false", "False", "0": return false
        default: throw FieldError(.malformed, field: field, "'\(text)' is not true or false")
        }
    }
}

extension RequestFields {
    /// A 32-byte hash given as text (a path segment, a query value), with or without 0x.
    static func hashText(_ text: String, field: String) throws(FieldError) -> [UInt8] {
        try read { () throws(ServiceWireError) in try ServiceWireFields.hash(text, field: field) }
    }
}

/// The server's version, as `about` reports it.
enum ServerVersion {
    static let current = "0.1.0"
}
