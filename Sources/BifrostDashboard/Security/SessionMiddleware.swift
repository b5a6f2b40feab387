import Hummingbird

/// Lets in only the holder of the session cookie, which the link's access token is traded for:
/// a GET carrying the right `token` gets the cookie and is sent on to the same path without it,
/// so the token leaves the address bar and the history.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = DashboardContext
    let access: DashboardAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let token = request.uri.queryParameters.get("token") {
            guard request.method == .get, access.isLinkToken(token) else {
                throw Refusal(.unauthorized, "That access token is not this dashboard's. Open the link bifrost dashboard printed.")
            }
            var response = Response.seeOther(request.uri.path)
            response.setCookie(Cookie(name: DashboardAccess.cookieName, value: access.sessionToken, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        guard access.isSession(request.cookies[DashboardAccess.cookieName]?.value) else {
            throw Refusal(.unauthorized, "Open the link bifrost dashboard printed; it carries the access token.")
        }
        return try await next(request, context)
    }
}
