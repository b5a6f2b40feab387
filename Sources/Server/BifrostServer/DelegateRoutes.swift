import BigInt
import CoSigning
import CoSigningStorage
import Foundation
import Hummingbird
import Services

/// Deleting a pending transaction, the Safes an owner has, and delegates: the official paths and
/// bodies, over the service's rules.
extension CoSigningRoutes {
    func addDelegates(to router: Router<BasicRequestContext>) {
        router.get("/api/v2/delegates") { request, _ in try await self.run { try await self.delegates(request) } }
        router.post("/api/v2/delegates") { request, _ in try await self.run(as: .submission) { try await self.addDelegate(request) } }
        router.delete("/api/v2/delegates/:delegate") { request, context in try await self.run(as: .submission) { try await self.removeDelegate(request, context) } }
    }

    func delete(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let hash = try Self.hash(context)
        let fields = try RequestFields(try await Self.body(request))
        if fields.json["safeTxHash"] != nil, try fields.hash("safeTxHash") != hash {
            throw FieldError(.malformed, field: "safeTxHash", "the body names another transaction than the path")
        }
        guard let signature = try fields.hex("signature") else { throw FieldError(.malformed, field: "signature", "the proposer's signature is required") }
        try await store.dispatch(DeleteServedTransaction(safeTxHash: hash, signature: signature))
        return Response(status: .noContent)
    }

    func ownedSafes(_ request: Request, _ context: BasicRequestContext, v2: Bool) async throws -> Response {
        let safes = try await store.dispatch(ServedSafesOfOwner(owner: try Self.address(context, "owner")))
        guard v2 else { return Self.json(.ok, ServedJSON.object([("safes", .array(safes.map { .string($0.address.checksummed) }))])) }
        let (limit, offset) = try Self.window(request)
        return paged(request, count: safes.count, limit: limit, offset: offset,
                         results: safes.dropFirst(offset).prefix(limit).map { ServedJSON.servedSafe($0) })
    }

    func delegates(_ request: Request) async throws -> Response {
        let q = request.uri.queryParameters
        func address(_ name: String) throws(FieldError) -> Address? {
            guard let text = q.get(name) else { return nil }
            do { return try InputText.address(text) } catch { throw FieldError(.malformed, field: name, error.reason) }
        }
        let (limit, offset) = try Self.window(request)
        let query = DelegateQuery(chainID: 0, safe: try address("safe"), delegate: try address("delegate"), delegator: try address("delegator"),
                                  label: q.get("label"), limit: limit, offset: offset)
        let (count, page) = try await store.dispatch(ListServedDelegates(query))
        return paged(request, count: count, limit: limit, offset: offset, results: page.map(ServedJSON.delegate))
    }

    func addDelegate(_ request: Request) async throws -> Response {
        let fields = try RequestFields(try await Self.body(request))
        let safe = try fields.optionalAddress("safe")
        guard let signature = try fields.hex("signature") else { throw FieldError(.malformed, field: "signature", "the delegator's signature is required") }
        let added = try await store.dispatch(AddServedDelegate(
            safe: safe, delegate: try fields.address("delegate"), delegator: try fields.address("delegator"),
            label: try fields.string("label") ?? "", expiry: try fields.date("expiryDate"), signature: signature))
        return Self.json(.created, ServedJSON.delegate(added))
    }

    func removeDelegate(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let delegate = try Self.address(context, "delegate")
        let fields = try RequestFields(try await Self.body(request))
        let safe = try fields.optionalAddress("safe")
        guard let signature = try fields.hex("signature") else { throw FieldError(.malformed, field: "signature", "a signature is required") }
        try await store.dispatch(RemoveServedDelegate(safe: safe, delegate: delegate, delegator: try fields.address("delegator"), signature: signature))
        return Response(status: .noContent)
    }
}
