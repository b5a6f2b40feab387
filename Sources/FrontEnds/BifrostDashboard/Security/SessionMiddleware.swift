import Hummingbird

/// Lets in only the holder of the session cookie, which the link's access token is traded for,
/// once: a GET carrying the right `token` gets the cookie and is sent on to the same path without
/// it, so the token leaves the address bar and the history. The browser that holds the session
/// may open the link again; anyone else gets 401 once it was used.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = DashboardContext
    let access: DashboardAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The stylesheet, script and icon hold nothing private, and a refusal page needs its style.
        if request.method == .get, request.uri.path.hasPrefix("/assets/"), request.uri.queryParameters.get("token") == nil {
            return try await next(request, context)
        }
        let hasSession = access.isSession(request.cookies[access.cookieName]?.value)
        if let token = request.uri.queryParameters.get("token") {
            guard request.method == .get else { throw Refusal(.unauthorized, "The access token is for opening the link only.") }
            if hasSession { return .seeOther(request.uri.path) }
            guard access.spendLinkToken(token) else {
                throw Refusal(.unauthorized, "That access token is not this dashboard's, or was used already. "
                              + "Start bifrost dashboard again for a new link.")
            }
            var response = Response.seeOther(request.uri.path)
            response.setCookie(Cookie(name: access.cookieName, value: access.sessionToken, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        guard hasSession else {
            throw Refusal(.unauthorized, "Open the link bifrost dashboard printed; it carries the access token.")
        }
        return try await next(request, context)
    }
}
