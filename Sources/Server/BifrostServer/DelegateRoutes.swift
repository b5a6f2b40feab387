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
        // v1, which the official service still answers: the same listing; adding and removing
        // signed in the v1 scheme, without an expiry; and removal from one Safe by its owners.
        router.get("/api/v1/delegates") { request, _ in try await self.run { try await self.delegates(request) } }
        router.post("/api/v1/delegates") { request, _ in try await self.run(as: .submission) { try await self.addDelegate(request, scheme: .legacy) } }
        router.delete("/api/v1/delegates/:delegate") { request, context in
            try await self.run(as: .submission) { try await self.removeDelegate(request, context, scheme: .legacy) }
        }
        router.delete("/api/v1/safes/:address/delegates/:delegate") { request, context in
            try await self.run(as: .submission) { try await self.removeSafeDelegate(request, context) }
        }
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
        // Each Safe of the page as the chain has it now, as the official's last status is.
        var results: [JSONValue] = []
        for safe in Self.page(safes, limit, offset) { results.append(ServedJSON.ownedSafe(try await store.dispatch(DescribeServedSafe(address: safe.address)))) }
        return paged(request, count: safes.count, limit: limit, offset: offset, results: results)
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
        return paged(request, count: count, limit: limit, offset: offset, results: page.map { ServedJSON.delegate($0) })
    }

    /// v1 takes no expiry; v2 may give one.
    func addDelegate(_ request: Request, scheme: DelegateSignatureScheme = .typedData) async throws -> Response {
        let fields = try RequestFields(try await Self.body(request))
        let safe = try fields.optionalAddress("safe")
        guard let signature = try fields.hex("signature") else { throw FieldError(.malformed, field: "signature", "the delegator's signature is required") }
        let added = try await store.dispatch(AddServedDelegate(
            safe: safe, delegate: try fields.address("delegate"), delegator: try fields.address("delegator"),
            label: try fields.string("label") ?? "", expiry: scheme == .legacy ? nil : try fields.date("expiryDate"), signature: signature, scheme: scheme))
        return Self.json(.created, ServedJSON.delegate(added, signature: signature))
    }

    func removeDelegate(_ request: Request, _ context: BasicRequestContext, scheme: DelegateSignatureScheme = .typedData) async throws -> Response {
        let delegate = try Self.address(context, "delegate")
        let fields = try RequestFields(try await Self.body(request))
        // v1 removes the delegate from every Safe of the delegator; v2 may name one.
        let safe = scheme == .legacy ? nil : try fields.optionalAddress("safe")
        guard let signature = try fields.hex("signature") else { throw FieldError(.malformed, field: "signature", "a signature is required") }
        try await store.dispatch(RemoveServedDelegate(safe: safe, delegate: delegate, delegator: try fields.address("delegator"), signature: signature,
                                                      scheme: scheme))
        return Response(status: .noContent)
    }

    /// v1's removal from one Safe, by a current owner of it or the delegate.
    func removeSafeDelegate(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let safe = try Self.address(context, "address"), delegate = try Self.address(context, "delegate")
        let fields = try RequestFields(try await Self.body(request))
        if fields.json["delegate"] != nil, try fields.address("delegate") != delegate {
            throw FieldError(.malformed, field: "delegate", "the body names another delegate than the path")
        }
        guard let signature = try fields.hex("signature") else { throw FieldError(.malformed, field: "signature", "a signature is required") }
        try await store.dispatch(RemoveServedSafeDelegate(safe: safe, delegate: delegate, signature: signature))
        return Response(status: .noContent)
    }
}
