/// Sends HTTP requests. `LiveNetwork` goes over the wire, `MockNetwork` answers from fixtures; Remotes
/// and clients take either through their initializer, so tests never need a server.
public protocol Network: Sendable {
    /// Sends `request` and returns the answer whatever its status: clients decide what a status means.
    /// Transport failures, timeouts and cancellation are thrown as `NetworkError`.
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse
    /// The server-sent events at `request`, as they come, until the server ends the stream or the
    /// consumer stops; a failure ends it with a `NetworkError`.
    func events(_ request: HTTPRequest) -> AsyncThrowingStream<ServerSentEvent, any Error>
}
