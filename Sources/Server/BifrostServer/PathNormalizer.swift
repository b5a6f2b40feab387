import Hummingbird

/// Official clients write paths with and without a trailing slash, and some put the chain's short
/// name first (`/sep/api/v1/…`, as the hosted service does): each is served as its plain form.
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
        var parts = path.split(separator: "/", omittingEmptySubsequences: true)
        // "/{shortName}/api/…" or "/{shortName}/health": the short name is dropped.
        if parts.count >= 2, parts[0] != "api", parts[1] == "api" || parts[1] == "health" { parts.removeFirst() }
        return "/" + parts.joined(separator: "/")
    }
}
