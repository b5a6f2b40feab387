import Hummingbird

/// Refuses any request whose Host is not this server's loopback name and port: a page of another
/// site that rebinds its name to 127.0.0.1 still sends its own name, and is turned away.
struct HostCheckMiddleware: RouterMiddleware {
    typealias Context = DashboardContext
    let access: DashboardAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard access.allows(host: request.head.authority) else {
            throw Refusal(.misdirectedRequest, "This dashboard answers only at 127.0.0.1 or localhost on its own port.")
        }
        return try await next(request, context)
    }
}
