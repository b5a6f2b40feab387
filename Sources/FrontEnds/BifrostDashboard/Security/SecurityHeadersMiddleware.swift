import Hummingbird

/// Adds to every answer, refusals included: a Content-Security-Policy that allows this origin's
/// own script, style and images only and no inline script, and headers that keep pages out of
/// frames, caches and referrers. Errors become a page with a message, never a stack trace.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = DashboardContext

    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let refusal as Refusal {
            response = refusal.response()
        } catch let error as HTTPError {
            response = Refusal(error.status, error.status == .notFound ? "There is no such page." : error.status.reasonPhrase).response()
        } catch {
            context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(type(of: error))"])
            response = Refusal(.internalServerError, "Something went wrong serving this page; the dashboard is still running.").response()
        }
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.init("X-Frame-Options")!] = "DENY"
        response.headers[.init("Referrer-Policy")!] = "no-referrer"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
