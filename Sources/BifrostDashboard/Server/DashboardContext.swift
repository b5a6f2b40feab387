import Hummingbird

/// The request context of the dashboard's routes: Hummingbird's own, plus the form the CSRF check
/// already read from a state-changing request's body.
public struct DashboardContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The submitted form of a POST, once checked.
    public var form = FormData()

    public init(source: Source) { coreContext = .init(source: source) }
}
