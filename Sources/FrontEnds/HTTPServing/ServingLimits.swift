/// What one HTTP front end allows a connection: how long a request may take to arrive, and how
/// many connections one client may hold open at once.
public struct ServingLimits: Sendable, Equatable {
    /// A request's headers and body must arrive within this, counted from the connection's start
    /// or the end of the previous answer; an idle keep-alive connection is closed after it too.
    public var readTimeout: Duration
    /// Connections one client address may have open at once; one more is closed at once.
    public var connectionsPerClient: Int

    /// 30 seconds to send a request, and `connectionsPerClient` connections (64 by default:
    /// a browser keeps six per site, plus one event stream per open tab).
    public init(readTimeout: Duration = .seconds(30), connectionsPerClient: Int = 64) {
        self.readTimeout = readTimeout
        self.connectionsPerClient = connectionsPerClient
    }
}
