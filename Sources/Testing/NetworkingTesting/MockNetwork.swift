import EthereumKit
import Networking
import Foundation
import Synchronization

/// A `Network` for tests: answers JSON-RPC calls by method name and REST calls by URL path, from JSON
/// fixtures or values given inline, can be told to fail in any way a real network does, and records
/// every request. It lives in Networking, not in a test target, so tests of every layer can use it.
public final class MockNetwork: Network {
    /// How the mock answers one JSON-RPC call.
    public enum RPCAnswer: Sendable, Equatable {
        /// `{"result": value}`.
        case result(JSONValue)
        /// A JSON-RPC error object.
        case error(code: Int, message: String, data: String? = nil)
        /// No answer for this call: a batch answer leaves the element out; a single call gets an empty body.
        case omitted
        /// This exact answer object, id and all: for answers with a wrong id or a broken shape.
        case element(JSONValue)
    }

    /// An answer to a whole HTTP request that skips routing.
    public enum Reply: Sendable, Equatable {
        /// `send` throws this.
        case failure(NetworkError)
        /// This HTTP answer, whatever was asked.
        case http(status: Int, headers: [String: String], body: [UInt8])
    }

    /// The order in which a batch answer lists its elements; JSON-RPC lets a server use any.
    public enum BatchOrder: Sendable, Equatable {
        /// Elements in the order of the calls.
        case asSent
        /// Elements last call first, to prove matching is by id.
        case reversed
    }

    /// Why a fixture could not be used.
    public enum FixtureError: Error, Equatable, Sendable, CustomStringConvertible {
        /// No fixture by that name was loaded.
        case missing(String)
        /// The fixture is not JSON, or not the kind of JSON the use needs.
        case malformed(String, reason: String)

        public var description: String {
            switch self {
            case .missing(let name): return "no fixture named '\(name)'"
            case .malformed(let name, let reason): return "fixture '\(name)' is not usable: \(reason)"
            }
        }
    }

    enum RPCRoute {
        case answers([RPCAnswer], next: Int)
        case responder(@Sendable ([JSONValue]) -> RPCAnswer)
    }

    struct RESTRoute {
        let method: String?
        let path: String
        let reply: @Sendable (HTTPRequest) -> Reply
    }

    struct State {
        var rpc = [String: RPCRoute]()
        var rest = [RESTRoute]()
        var fixtures = [String: [UInt8]]()
        var queued = [Reply]()
        var sticky: Reply?
        var batchOrder = BatchOrder.asSent
        var latency: Duration?
        var maxBatch: Int?
        var requests = [HTTPRequest]()
    }

    let state = Mutex(State())

    /// An empty mock: every JSON-RPC method answers "does not exist", every REST path 404.
    public init() {}

    /// A mock that fails every request with `error`: the `failing` variant of the Network dependency.
    public static func failing(with error: NetworkError) -> MockNetwork {
        let mock = MockNetwork()
        mock.fail(with: error)
        return mock
    }

    // MARK: Recording

    /// Every request sent, in order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// How many HTTP exchanges were attempted (a batch is one).
    public var roundTrips: Int { state.withLock { $0.requests.count } }

    /// The JSON-RPC methods asked for, in order, batches flattened.
    public var rpcMethods: [String] {
        requests.flatMap { request -> [String] in
            guard let calls = Self.rpcCalls(in: request) else { return [] }
            return calls.compactMap { $0["method"]?.stringValue }
        }
    }

    /// Forgets the recorded requests, keeping routes and faults.
    public func resetRecording() {
        state.withLock { $0.requests.removeAll() }
    }

    // MARK: JSON-RPC routes

    /// `method` answers `result`, whatever the parameters.
    public func register(method: String, result: JSONValue) {
        register(method: method, answers: [.result(result)])
    }

    /// `method` answers with a JSON-RPC error object.
    public func register(method: String, errorCode code: Int, message: String, data: String? = nil) {
        register(method: method, answers: [.error(code: code, message: message, data: data)])
    }

    /// `method` answers with `answers` in turn, the last one repeating (e.g. a receipt that is null
    /// until the third poll).
    public func register(method: String, answers: [RPCAnswer]) {
        precondition(!answers.isEmpty, "give at least one answer")
        state.withLock { $0.rpc[method] = .answers(answers, next: 0) }
    }

    /// `method` answers whatever `answer` makes of the call's parameters.
    public func register(method: String, answer: @escaping @Sendable (_ params: [JSONValue]) -> RPCAnswer) {
        state.withLock { $0.rpc[method] = .responder(answer) }
    }

    // MARK: REST routes

    /// Requests to `path` (and `httpMethod`, when given) get `json` with `status`.
    public func register(path: String, httpMethod: String? = nil, status: Int = 200, json: JSONValue) {
        register(path: path, httpMethod: httpMethod, status: status, body: Array(JSONWriter.write(json).utf8))
    }

    /// Requests to `path` get this raw answer.
    public func register(
        path: String,
        httpMethod: String? = nil,
        status: Int = 200,
        headers: [String: String] = ["Content-Type": "application/json"],
        body: [UInt8]
    ) {
        let reply = Reply.http(status: status, headers: headers, body: body)
        let route = RESTRoute(method: httpMethod?.uppercased(), path: Self.normalized(path), reply: { _ in reply })
        state.withLock { $0.rest.append(route) }
    }

    /// Requests to `path` get what `respond` makes of each, e.g. a page chosen by the query.
    public func register(path: String, httpMethod: String? = nil, respond: @escaping @Sendable (HTTPRequest) -> Reply) {
        let route = RESTRoute(method: httpMethod?.uppercased(), path: Self.normalized(path), reply: respond)
        state.withLock { $0.rest.append(route) }
    }

    // MARK: Faults

    /// Every following request fails with `error`, until `clearFaults()`.
    public func fail(with error: NetworkError) {
        state.withLock { $0.sticky = .failure(error) }
    }

    /// Every following request gets this HTTP answer, until `clearFaults()`.
    public func respond(status: Int, body: String, headers: [String: String] = [:]) {
        state.withLock { $0.sticky = .http(status: status, headers: headers, body: Array(body.utf8)) }
    }

    /// The next request fails with `error`; queued faults are used before any other answer.
    public func failNext(with error: NetworkError) {
        state.withLock { $0.queued.append(.failure(error)) }
    }

    /// The next request gets this HTTP answer.
    public func respondNext(status: Int, body: String, headers: [String: String] = [:]) {
        state.withLock { $0.queued.append(.http(status: status, headers: headers, body: Array(body.utf8))) }
    }

    /// Removes queued and standing faults.
    public func clearFaults() {
        state.withLock {
            $0.queued.removeAll()
            $0.sticky = nil
        }
    }

    /// The order of elements in batch answers.
    public var batchOrder: BatchOrder {
        get { state.withLock { $0.batchOrder } }
        set { state.withLock { $0.batchOrder = newValue } }
    }

    /// A delay before each answer, to test progress and cancellation; nil for none.
    public var latency: Duration? {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue } }
    }

    /// Batches of more calls are refused whole with one error object, as providers do; 1 refuses
    /// every batch. Nil accepts any size.
    public var maxBatch: Int? {
        get { state.withLock { $0.maxBatch } }
        set { state.withLock { $0.maxBatch = newValue } }
    }

    // MARK: Network

    /// The events of the whole answer `send` gives.
    public func events(_ request: HTTPRequest) -> AsyncThrowingStream<ServerSentEvent, any Error> { bufferedEvents(request) }

    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let (fault, latency) = state.withLock { s -> (Reply?, Duration?) in
            s.requests.append(request)
            if !s.queued.isEmpty { return (s.queued.removeFirst(), s.latency) }
            return (s.sticky, s.latency)
        }
        if let latency {
            do { try await Task.sleep(for: latency) } catch { throw .cancelled }
        }
        if Task.isCancelled { throw .cancelled }
        if let fault { return try Self.deliver(fault) }
        if let calls = Self.rpcCalls(in: request) {
            let isBatch = Self.isBatch(request)
            if isBatch, let cap = state.withLock({ $0.maxBatch }), calls.count > cap || cap == 1 {
                let refusal = JSONValue.object([("jsonrpc", .string("2.0")), ("id", .null),
                                                ("error", .object([("code", .number("-32600")), ("message", .string("batch of \(calls.count) is too large"))]))])
                return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Array(JSONWriter.write(refusal).utf8))
            }
            return answerRPC(calls, isBatch: isBatch)
        }
        return try Self.deliver(restReply(for: request))
    }

    static func deliver(_ reply: Reply) throws(NetworkError) -> HTTPResponse {
        switch reply {
        case .failure(let error): throw error
        case .http(let status, let headers, let body): return HTTPResponse(status: status, headers: headers, body: body)
        }
    }

    private func restReply(for request: HTTPRequest) -> Reply {
        let path = Self.normalized(request.url.path)
        let method = request.method.uppercased()
        let routes = state.withLock { $0.rest }
        if let route = routes.last(where: { $0.path == path && ($0.method == nil || $0.method == method) }) {
            return route.reply(request)
        }
        return .http(status: 404, headers: [:], body: Array("no fixture for \(method) \(path)".utf8))
    }

    /// Paths compare without trailing slashes, which Foundation's `URL.path` drops anyway.
    static func normalized(_ path: String) -> String {
        var p = path.hasPrefix("/") ? path : "/" + path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }
}
