import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// The real `Network`: AsyncHTTPClient with one connection pool, so consecutive calls to a node reuse
/// their connection instead of paying a TCP (and TLS) handshake each time.
public final class LiveNetwork: Network {
    /// A process-wide instance with the default timeouts, created on first use and never shut down.
    public static let shared = LiveNetwork()

    /// The longest answer accepted by default; a hostile server must not be able to exhaust memory.
    public static let defaultMaxResponseBytes = 16 << 20

    let client: HTTPClient
    let connectTimeout: Duration
    let readTimeout: Duration
    private let maxResponseBytes: Int
    private let isShutDown = Mutex(false)

    /// A client whose connection attempt gives up after `connectTimeout`, and whose request fails when
    /// the server stays silent for `readTimeout`; a whole exchange never takes longer than both together.
    public init(
        connectTimeout: Duration = .seconds(5),
        readTimeout: Duration = .seconds(30),
        maxResponseBytes: Int = LiveNetwork.defaultMaxResponseBytes
    ) {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: Self.timeAmount(connectTimeout), read: Self.timeAmount(readTimeout))
        // A refused connection should be reported at once; AsyncHTTPClient would otherwise retry with
        // backoff until the connect timeout, and a wallet user gains nothing by waiting for that.
        configuration.connectionPool.retryConnectionEstablishment = false
        // A redirect could carry an API key header to another host, and JSON-RPC nodes never redirect.
        configuration.redirectConfiguration = .disallow
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.maxResponseBytes = maxResponseBytes
    }

    deinit {
        // AsyncHTTPClient traps when a client is released without a shutdown; a caller that forgot
        // `shutdown()` gets a shutdown that finishes in the background instead.
        if !isShutDown.withLock({ $0 }) { client.shutdown { _ in } }
    }

    /// Closes pooled connections. Requests sent afterwards fail as `.unreachable`.
    public func shutdown() async {
        let first = isShutDown.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        try? await client.shutdown()
    }

    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        try Self.checkPort(request.url)
        let budget = connectTimeout + readTimeout
        do {
            // The read timeout only notices silence; a server dripping one byte at a time is stopped by
            // this overall deadline, which also covers the body (AsyncHTTPClient's covers only the head).
            return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                group.addTask { try await self.exchange(request, deadline: .now() + Self.timeAmount(budget)) }
                group.addTask {
                    try await Task.sleep(for: budget)
                    throw OverallDeadline()
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw CancellationError() }
                return first
            }
        } catch {
            throw failure(error, url: request.url, budget: budget)
        }
    }

    private func exchange(_ request: HTTPRequest, deadline: NIODeadline) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            outgoing.headers.add(name: name, value: value)
        }
        if !request.body.isEmpty { outgoing.body = .bytes(request.body) }
        let response = try await client.execute(outgoing, deadline: deadline)
        let body = try await response.body.collect(upTo: maxResponseBytes)
        var headers = [String: String]()
        for (name, value) in response.headers {
            let key = name.lowercased()
            headers[key] = headers[key].map { $0 + ", " + value } ?? value
        }
        return HTTPResponse(status: Int(response.status.code), headers: headers, body: Array(body.readableBytesView))
    }

    /// Foundation parses any number as a port; the HTTP client traps on one above 65535, so every
    /// way out of this client refuses such a URL first.
    static func checkPort(_ url: URL) throws(NetworkError) {
        if let port = url.port, !(0...65535).contains(port) {
            throw .unreachable("\(url.absoluteString) has port \(port), above 65535")
        }
    }

    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }

    func failure(_ error: any Error, url: URL, budget: Duration) -> NetworkError {
        LiveNetworkFailure(
            url: url,
            connectSeconds: Self.wholeSeconds(connectTimeout),
            readSeconds: Self.wholeSeconds(readTimeout),
            budgetSeconds: Self.wholeSeconds(budget),
            maxResponseBytes: maxResponseBytes
        ).classify(error, taskCancelled: Task.isCancelled)
    }
}

/// Thrown by the timer racing a request.
struct OverallDeadline: Error {}
