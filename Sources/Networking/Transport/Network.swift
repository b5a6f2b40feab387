/// Sends HTTP requests. `LiveNetwork` goes over the wire, `MockNetwork` answers from fixtures; Remotes
/// and clients take either through their initializer, so tests never need a server.
public protocol Network: Sendable {
    /// Sends `request` and returns the answer whatever its status: clients decide what a status means.
    /// Transport failures, timeouts and cancellation are thrown as `NetworkError`.
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse
}
