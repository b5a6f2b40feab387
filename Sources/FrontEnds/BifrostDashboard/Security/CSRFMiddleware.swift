import Hummingbird

/// Refuses a state-changing request that does not carry the CSRF token of a page this server
/// rendered, before anything changes; the form it read is handed on in the context.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = DashboardContext
    let access: DashboardAccess
    /// The largest form accepted (a signed-transaction file with many owners fits easily).
    static let maxFormBytes = 1 << 20

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method != .get, request.method != .head else { return try await next(request, context) }
        var request = request
        var context = context
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.maxFormBytes)
        } catch {
            throw Refusal(.contentTooLarge, "The form is larger than \(Self.maxFormBytes / 1024) KiB.")
        }
        let form = FormData(encoded: String(buffer: body))
        guard access.isCSRF(form["csrf"] ?? request.headers[.init("X-CSRF-Token")!]) else {
            throw Refusal(.forbidden, "This form did not come from a page of this dashboard; nothing was changed. Reload the page and try again.")
        }
        context.form = form
        return try await next(request, context)
    }
}
