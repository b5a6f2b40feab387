import Foundation
import Hummingbird

/// Records each request in `ServeMetrics` under the route the router matched (Hummingbird names a
/// path no route takes `NotFound`), once its answer is ready.
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServeMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let method = request.method.rawValue
        do {
            let response = try await next(request, context)
            // Answers are built whole before they are written, so this is the time to answer.
            metrics.record(method: method, route: context.endpointPath ?? "unmatched", status: Int(response.status.code),
                           seconds: Self.seconds(since: start))
            return response
        } catch {
            let status = (error as? any HTTPResponseError).map { Int($0.status.code) } ?? 500
            metrics.record(method: method, route: context.endpointPath ?? "unmatched", status: status, seconds: Self.seconds(since: start))
            throw error
        }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
