import Hummingbird
import NIOCore

/// The request context of the dashboard's routes: Hummingbird's own, plus the form the CSRF check
/// already read from a state-changing request's body.
public struct DashboardContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The submitted form of a POST, once checked.
    public var form = FormData()
    /// Completes when the client's connection closes, so an answer that lasts (an event stream)
    /// can end with it instead of holding its subscription until its next event.
    let connectionClosed: EventLoopFuture<Void>

    public init(source: Source) {
        coreContext = .init(source: source)
        connectionClosed = source.channel.closeFuture
    }
}
