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
        case .unauthorized: return WriteRefusal.unauthorized.response
        case .limited(let seconds): return WriteRefusal.limited(retryAfter: seconds).response
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

/// A write refused before any route: without a key this server accepts, or over the key's rate.
enum WriteRefusal: ServedError {
    case unauthorized
    case limited(retryAfter: Int)

    var status: HTTPResponse.Status {
        switch self {
        case .unauthorized: .unauthorized
        case .limited: .tooManyRequests
        }
    }

    var json: JSONValue {
        switch self {
        case .unauthorized: ServedJSON.object([("detail", .string("Authorization: Bearer KEY with a key this server accepts is required to write"))])
        case .limited(let seconds): ServedJSON.object([("detail", .string("this key's rate is used up; try again in \(seconds) s"))])
        }
    }

    var headers: HTTPFields {
        switch self {
        case .unauthorized: [.wwwAuthenticate: "Bearer"]
        case .limited(let seconds): [.retryAfter: String(seconds)]
        }
    }
}
