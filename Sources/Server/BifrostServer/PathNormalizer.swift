import Hummingbird

/// Official clients write paths with and without a trailing slash: each is served as its plain form.
/// (A chain's name before `/api`, as the hosted service writes it, is `ChainDispatcher`'s.)
struct PathNormalizer<Base: HTTPResponder>: HTTPResponder where Base.Context == BasicRequestContext {
    let base: Base

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let path = request.uri.path
        let plain = Self.plain(path)
        guard plain != path else { return try await base.respond(to: request, context: context) }
        var head = request.head
        let query = request.uri.query.map { "?" + $0 } ?? ""
        head.path = plain + query
        return try await base.respond(to: Request(head: head, body: request.body), context: context)
    }

    static func plain(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return "/" + parts.joined(separator: "/")
    }
}
