import Hummingbird

/// Cross-origin access for browser wallets, off unless origins are configured: a listed origin
/// (or any, with `*`) gets the CORS headers and its preflight answered; others get none, so the
/// browser keeps their pages from reading or writing.
struct CORSPolicy: RouterMiddleware {
    typealias Context = BasicRequestContext
    let origins: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin], origins.contains("*") || origins.contains(origin) else {
            return try await next(request, context)
        }
        var response: Response
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            response = Response(status: .noContent)
            response.headers[.accessControlAllowMethods] = "GET, POST, DELETE, OPTIONS"
            response.headers[.accessControlAllowHeaders] = "Authorization, Content-Type"
            response.headers[.accessControlMaxAge] = "600"
        } else {
            response = try await next(request, context)
        }
        response.headers[.accessControlAllowOrigin] = origins.contains("*") ? "*" : origin
        response.headers[.vary] = "Origin"
        return response
    }
}
