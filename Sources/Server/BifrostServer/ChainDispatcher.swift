import Hummingbird
import EthereumKit

/// Sends each request to the chain its path names (`/{name}/api/…`, `/{name}/health`), with the
/// name taken off, and `/queue/…` to the Queue Service API; a path without one goes to the default chain. A name the server does not serve
/// is a 404 that names the chains it does, rather than an answer about another chain.
struct ChainDispatcher<Chain: HTTPResponder>: HTTPResponder where Chain.Context == BasicRequestContext {
    let chains: ServedChains
    /// Each chain's responder, in `chains`' order.
    let responders: [Chain]
    /// The Queue Service API's, for paths under `/queue`.
    let queue: Chain

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: true)
        if parts.first == "queue" { return try await queue.respond(to: Self.without(parts[0], request), context: context) }
        guard parts.count >= 2, parts[0] != "api", parts[1] == "api" || parts[1] == "health" else {
            return try await responders[0].respond(to: request, context: context)
        }
        guard let index = chains.index(named: parts[0]) else {
            return FieldError(.notFound, field: "chain", "this server does not serve '\(UntrustedText.visible(String(parts[0].prefix(64))))'; "
                              + "it serves \(chains.described)").response
        }
        return try await responders[index].respond(to: Self.without(parts[0], request), context: context)
    }

    /// `request` with its path's first part taken off.
    static func without(_ first: Substring, _ request: Request) -> Request {
        let parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: true).dropFirst()
        var head = request.head
        head.path = "/" + parts.joined(separator: "/") + (request.uri.query.map { "?" + $0 } ?? "")
        return Request(head: head, body: request.body)
    }
}
