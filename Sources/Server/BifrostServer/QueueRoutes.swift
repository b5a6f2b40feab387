import BigInt
import CoSigning
import CoSigningStorage
import EthereumKit
import Foundation
import Hummingbird
import Networking
import SafeKit
import Services

/// The Safe Queue Service API (`/queue/api/v1/…`): one API for every chain the server serves, the
/// chain in the body (`chainId`) or the query, no trailing slashes. Each request is answered by its
/// chain's routes, over the same store and rules as the Transaction Service paths; where Safe's
/// guide gives no shape, the answer is the Transaction Service's for the same resource.
struct QueueRoutes: Sendable {
    let chains: ServedChains
    /// Each chain's Transaction Service routes, in `chains`' order.
    let routes: [CoSigningRoutes]

    func add(to router: Router<BasicRequestContext>) {
        let any = routes[0]
        router.post("/api/v1/multisig-transactions") { request, _ in try await any.run(as: .proposal) { try await self.propose(request) } }
        router.get("/api/v1/multisig-transactions/queue") { request, _ in try await any.run { try await self.queue(request) } }
        router.get("/api/v1/multisig-transactions/:hash") { _, context in
            try await any.run {
                let (routes, entry) = try await self.held(context)
                return CoSigningRoutes.json(.ok, try await routes.rendered(entry, v2: true))
            }
        }
        router.post("/api/v1/multisig-transactions/:hash/signatures") { request, context in
            try await any.run(as: .confirmation) { try await self.sign(request, context) }
        }
        router.delete("/api/v1/multisig-transactions/:hash") { request, context in
            try await any.run { try await self.held(context).routes.delete(request, context) }
        }
        router.get("/api/v1/safes/:address/multisig-transactions") { request, context in
            try await any.run { try await self.chain(query: request).list(request, context, v2: true) }
        }
        router.get("/api/v1/safes/:address/messages") { request, context in
            try await any.run { try await self.chain(query: request).messages(request, context) }
        }
        router.post("/api/v1/safes/:address/messages") { request, context in
            try await any.run(as: .submission) { try await self.proposeMessage(request, context) }
        }
        router.get("/api/v1/messages/:hash") { _, context in try await any.run { try await self.heldMessage(context).message(context) } }
        router.post("/api/v1/messages/:hash/signatures") { request, context in
            try await any.run(as: .submission) { try await self.signMessage(request, context) }
        }
        router.get("/api/v1/delegates") { request, _ in try await any.run { try await self.chain(query: request).delegates(request) } }
        router.post("/api/v1/delegates") { request, _ in try await any.run(as: .submission) { try await self.addDelegate(request, renaming: false) } }
        router.patch("/api/v1/delegates") { request, _ in try await any.run(as: .submission) { try await self.addDelegate(request, renaming: true) } }
        router.delete("/api/v1/delegates") { request, _ in try await any.run(as: .submission) { try await self.removeDelegate(request) } }
    }

    /// The chain `text` (a chain ID) names; a 422 that names the served chains for another.
    func chain(id text: String?, field: String) throws(FieldError) -> CoSigningRoutes {
        guard let text else { throw FieldError(.malformed, field: field, "give the chain's ID; this server serves \(chains.described)") }
        guard let id = BigUInt(text, radix: 10) else { throw FieldError(.malformed, field: field, "'\(text.prefix(80))' is not a chain ID such as 11155111") }
        guard let index = chains.index(ofChainID: id) else {
            throw FieldError(.refused, field: field, "this server does not serve chain \(id); it serves \(chains.described)")
        }
        return routes[index]
    }

    /// The chain the query's `chainId` names.
    func chain(query request: Request) throws(FieldError) -> CoSigningRoutes { try chain(id: request.uri.queryParameters.get("chainId"), field: "chainId") }

    /// The chain of the body's `chainId`, a number or a decimal string.
    func chain(body fields: RequestFields) throws(FieldError) -> CoSigningRoutes {
        try chain(id: fields.json["chainId"].flatMap { $0.text ?? $0.stringValue }, field: "chainId")
    }

    /// The transaction at the path's hash, with the routes of its chain: a hash names one transaction on one chain.
    func held(_ context: BasicRequestContext) async throws -> (routes: CoSigningRoutes, entry: SafeTransactionEntry) {
        let entry = try await routes[0].store.dispatch(ServedTransactionLookup(safeTxHash: try CoSigningRoutes.hash(context)))
        guard let chainID = entry.transaction.chainID, let index = chains.index(ofChainID: chainID) else {
            throw FieldError(.notFound, field: "safeTxHash", "the transaction is on chain \(entry.transaction.chainID.map(String.init) ?? "?"), which this server no longer serves")
        }
        return (routes[index], entry)
    }

    /// The routes of the chain the message at the path's hash belongs to.
    func heldMessage(_ context: BasicRequestContext) async throws -> CoSigningRoutes {
        // The stored row only: the message's own chain reads its Safe.
        let hash = try CoSigningRoutes.messageHash(context)
        guard let entry = try await routes[0].store.storage.message(hash) else {
            throw FieldError(.notFound, field: "messageHash", "no Safe message \(Hex.encode(hash))")
        }
        guard let index = chains.index(ofChainID: entry.chainID) else {
            throw FieldError(.notFound, field: "messageHash", "the message is on chain \(entry.chainID), which this server no longer serves")
        }
        return routes[index]
    }

    /// A message: the chain in the body, its signatures as a list; handed to the chain's
    /// Transaction Service route as its body (one packed `signature`, `originName` as the origin).
    private func proposeMessage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let fields = try RequestFields(try await CoSigningRoutes.body(request))
        let routes = try chain(body: fields)
        var members = (fields.json.objectValue ?? []).filter { !["chainId", "signatures", "originName", "originUrl"].contains($0.key) }
        members.append((key: "signature", value: .string(Hex.encode(try fields.packedSignatures()))))
        if let origin = try fields.string("originName") { members.append((key: "origin", value: .string(origin))) }
        let body = ByteBuffer(string: JSONWriter.write(.object(members)))
        return try await routes.proposeMessage(Request(head: request.head, body: .init(buffer: body)), context)
    }

    /// `{"signatures": [...]}` added to the message at the path; 200 with it.
    private func signMessage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let routes = try await heldMessage(context)
        let fields = try RequestFields(try await CoSigningRoutes.body(request))
        _ = try await routes.store.dispatch(ConfirmServedMessage(messageHash: try CoSigningRoutes.messageHash(context), signature: try fields.packedSignatures()))
        return try await routes.message(context)
    }

    /// A proposal: the chain and the Safe in the body, the server computing the hash, its sender
    /// the first signature's signer; 201 with the transaction.
    private func propose(_ request: Request) async throws -> Response {
        let fields = try RequestFields(try await CoSigningRoutes.body(request))
        let routes = try chain(body: fields)
        let proposal = try fields.queueProposal()
        let stored = try await routes.store.dispatch(ProposeServedTransaction(proposal))
        return CoSigningRoutes.json(.created, try await routes.rendered(stored, v2: true))
    }

    /// `{"signatures": [...]}` added to the transaction at the path; 200 with it.
    private func sign(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let routes = try await held(context).routes
        let fields = try RequestFields(try await CoSigningRoutes.body(request))
        let stored = try await routes.store.dispatch(ConfirmServedTransaction(safeTxHash: try CoSigningRoutes.hash(context),
                                                                              signature: try fields.packedSignatures()))
        return CoSigningRoutes.json(.ok, try await routes.rendered(stored, v2: true))
    }

    /// The pending transactions of `safes={safe}:{chainId}` (comma-separated or repeated), each
    /// Safe's from its nonce on, across chains, by nonce (`nonce_order=asc`, the default, or `desc`).
    private func queue(_ request: Request) async throws -> Response {
        let q = request.uri.queryParameters
        let named = q.getAll("safes").flatMap { $0.split(separator: ",") }
        guard !named.isEmpty else { throw FieldError(.malformed, field: "safes", "give safes={safe}:{chainId}, several comma-separated") }
        let descending: Bool
        switch q.get("nonce_order") ?? "asc" {
        case "asc": descending = false
        case "desc": descending = true
        case let other: throw FieldError(.malformed, field: "nonce_order", "'\(other.prefix(40))' is not asc or desc")
        }
        var pending: [(nonce: BigUInt, json: JSONValue)] = []
        for item in named {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let safe = try? InputText.address(String(parts[0])) else {
                throw FieldError(.malformed, field: "safes", "'\(item.prefix(120))' is not {safe}:{chainId}")
            }
            let routes = try chain(id: String(parts[1]), field: "safes")
            for (entry, json) in try await routes.pending(safe) { pending.append((entry.transaction.nonce, json)) }
        }
        // Stable: a Safe's transactions at one nonce keep their order, Safes keep the query's.
        let ordered = pending.enumerated().sorted { a, b in
            a.element.nonce == b.element.nonce ? a.offset < b.offset : (a.element.nonce < b.element.nonce) != descending
        }.map(\.element.json)
        let (limit, offset) = try CoSigningRoutes.window(request)
        return routes[0].paged(request, count: ordered.count, limit: limit, offset: offset, results: Array(CoSigningRoutes.page(ordered, limit, offset)))
    }

    /// POST adds a delegate and refuses one already there with 409; PATCH renames one that is
    /// there (404 otherwise). Both are signed by the delegator as the Transaction Service's v2 is.
    private func addDelegate(_ request: Request, renaming: Bool) async throws -> Response {
        let body = try await CoSigningRoutes.body(request)
        let fields = try RequestFields(body)
        let routes = try chain(body: fields)
        let safe = try fields.optionalAddress("safe")
        let query = DelegateQuery(chainID: 0, safe: safe, delegate: try fields.address("delegate"), delegator: try fields.address("delegator"), limit: 1000)
        let present = try await routes.store.dispatch(ListServedDelegates(query)).page.contains { $0.safe == safe }
        if present, !renaming {
            return CoSigningRoutes.json(.conflict, ServedJSON.object([("detail", .string("the delegate is there already; PATCH renames it"))]))
        }
        if !present, renaming { throw FieldError(.notFound, field: "delegate", "no such delegate to rename; POST adds one") }
        let answer = try await routes.addDelegate(Request(head: request.head, body: .init(buffer: ByteBuffer(bytes: body))))
        return renaming ? Response(status: .ok, headers: answer.headers, body: answer.body) : answer
    }

    /// DELETE with the delegate in the body.
    private func removeDelegate(_ request: Request) async throws -> Response {
        let fields = try RequestFields(try await CoSigningRoutes.body(request))
        let routes = try chain(body: fields)
        guard let signature = try fields.hex("signature") else { throw FieldError(.malformed, field: "signature", "a signature is required") }
        try await routes.store.dispatch(RemoveServedDelegate(safe: try fields.optionalAddress("safe"), delegate: try fields.address("delegate"),
                                                             delegator: try fields.address("delegator"), signature: signature, scheme: .typedData))
        return Response(status: .noContent)
    }
}

extension CoSigningRoutes {
    /// The Safe's transactions still to execute, from its nonce on, by nonce, rendered as v2 shows them.
    func pending(_ safe: Address) async throws -> [(SafeTransactionEntry, JSONValue)] {
        let state = try await store.dispatch(ServedSafeState(address: safe))
        var query = ServedTransactionQuery(chainID: state.safe.chainID, safe: safe)
        query.executed = false
        query.nonce = [.atLeast(state.safe.nonce)]
        query.order = .nonce
        query.limit = 1000
        let (_, page) = try await store.dispatch(ListServedTransactions(query))
        return Array(zip(page, try await rendered(page, safe: safe, threshold: state.safe.threshold, v2: true)))
    }
}
