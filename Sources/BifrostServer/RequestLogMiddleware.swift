import Hummingbird
import Logging

/// Logs each request's method and path, with the query's names but not its values: a client may
/// pass a key as `?api_key=…`, and a log is no place for it.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let level: Logger.Level

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.log(level: level, "Request", metadata: [
            "hb.request.path": .string(Self.loggable(path: request.uri.path, query: request.uri.query)),
            "hb.request.method": .string(request.method.rawValue),
        ])
        return try await next(request, context)
    }

    /// `path`, followed by the query's parameter names with every value masked.
    static func loggable(path: String, query: String?) -> String {
        guard let query, !query.isEmpty else { return path }
        let masked = query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return "\(name)=***"
        }
        return path + "?" + masked.joined(separator: "&")
    }
}
