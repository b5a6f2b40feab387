import CoSigning
import Hummingbird
import Services

/// Writes (POST, PUT, PATCH, DELETE) pass only with a key the server's `WriteAccess` accepts,
/// within that key's rate; reads stay open, as the official service's are.
struct WriteAccessMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let access: WriteAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard access.isProtected, [.post, .put, .patch, .delete].contains(request.method) else { return try await next(request, context) }
        switch await access.decide(key: request.headers[.authorization].flatMap(Self.bearer)) {
        case .allowed(let label):
            context.logger.debug("write allowed", metadata: ["key": .string(label ?? "-")])
            return try await next(request, context)
        case .unauthorized:
            var response = CoSigningRoutes.json(.unauthorized, ServiceJSON.object([("detail", .string("Authorization: Bearer KEY with a key this server accepts is required to write"))]))
            response.headers[.wwwAuthenticate] = "Bearer"
            return response
        case .limited(let seconds):
            var response = CoSigningRoutes.json(.tooManyRequests, ServiceJSON.object([("detail", .string("this key's rate is used up; try again in \(seconds) s"))]))
            response.headers[.retryAfter] = String(seconds)
            return response
        }
    }

    /// The key of `Bearer KEY` (also `Token KEY`, as the official service's own tokens are sent).
    static func bearer(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, ["bearer", "token"].contains(parts[0].lowercased()) else { return nil }
        let key = parts[1].trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : key
    }
}
