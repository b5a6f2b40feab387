import CoSigning
import Foundation
import Hummingbird
import Networking
import Services

/// Safe messages: the official paths, bodies and JSON, over the service's rules.
extension CoSigningRoutes {
    func addMessages(to router: Router<BasicRequestContext>) {
        router.get("/api/v1/safes/:address/messages") { request, context in try await self.run { try await self.messages(request, context) } }
        router.post("/api/v1/safes/:address/messages") { request, context in try await self.run(as: .submission) { try await self.proposeMessage(request, context) } }
        router.get("/api/v1/messages/:hash") { _, context in try await self.run { try await self.message(context) } }
        router.post("/api/v1/messages/:hash/signatures") { request, context in try await self.run(as: .submission) { try await self.signMessage(request, context) } }
    }

    func proposeMessage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let safe = try Self.address(context, "address")
        let fields = try RequestFields(try await Self.body(request))
        let wire = try RequestFields.read { () throws(ServiceWireError) in try ServiceWireMessageProposal(json: fields.json) }
        _ = try await store.dispatch(ProposeServedMessage(CoSigningMessageProposal(safe: safe, content: wire.content, signature: wire.signature,
                                                                                      safeAppID: wire.safeAppID, origin: wire.origin)))
        return Response(status: .created)
    }

    private func signMessage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let hash = try Self.messageHash(context)
        let fields = try RequestFields(try await Self.body(request))
        _ = try await store.dispatch(ConfirmServedMessage(messageHash: hash, signature: try fields.signature()))
        return Response(status: .created)
    }

    func message(_ context: BasicRequestContext) async throws -> Response {
        Self.json(.ok, ServedJSON.message(try await store.dispatch(ServedMessageLookup(messageHash: try Self.messageHash(context)))))
    }

    func messages(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let safe = try Self.address(context, "address")
        let (limit, offset) = try Self.window(request)
        let (count, page) = try await store.dispatch(ListServedMessages(safe: safe, limit: limit, offset: offset))
        return paged(request, count: count, limit: limit, offset: offset, results: page.map(ServedJSON.message))
    }

    static func messageHash(_ context: BasicRequestContext) throws(FieldError) -> [UInt8] {
        try RequestFields.hashText(context.parameters.get("hash") ?? "", field: "messageHash")
    }
}
