import Foundation
import Hummingbird
import Logging

/// Logs one line per request once it is answered: method, path (with the query's names but not
/// its values: a client may pass a key as `?api_key=…`, and a log is no place for it), status and
/// milliseconds taken.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let level: Logger.Level

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context, status: Int(response.status.code), since: start)
            return response
        } catch {
            log(request, context, status: (error as? any HTTPResponseError).map { Int($0.status.code) } ?? 500, since: start)
            throw error
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        context.logger.log(level: level, "Request", metadata: [
            "hb.request.path": .string(Self.loggable(path: request.uri.path, query: request.uri.query)),
            "hb.request.method": .string(request.method.rawValue),
            "status": .stringConvertible(status),
            "ms": .string(String(format: "%.1f", MetricsMiddleware<Context>.seconds(since: start) * 1000)),
        ])
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
