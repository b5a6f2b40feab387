import EthereumKit

/// JSON-RPC 2.0 over HTTP POST: single calls and batches, answers matched to requests by id.
/// Batches are split to what the node accepts; reads are retried under `retry`; a broadcast is
/// sent again only when the node does not know its hash.
public struct JSONRPCClient: Sendable {
    /// How requests travel (with the retries of `retry`).
    public let network: any Network
    /// Where they go.
    public let endpoint: RPCEndpoint
    /// What the node accepts.
    public let limits: RPCLimits
    /// How reads are retried; `.never` unless given.
    public let retry: RetryPolicy
    private let learned = LearnedBatchSize()

    /// A client posting to `endpoint` through `network`, retrying reads under `retry`.
    public init(network: any Network, endpoint: RPCEndpoint, limits: RPCLimits = RPCLimits(), retry: RetryPolicy = .never) {
        self.network = retry.deadline > .zero ? RetryingNetwork(network, policy: retry) : network
        self.endpoint = endpoint
        self.limits = limits
        self.retry = retry
    }

    /// Calls `method` and returns its `result`; a JSON-RPC error object is thrown as `NetworkError.rpc`.
    public func call(_ method: String, _ params: [JSONValue]) async throws(NetworkError) -> JSONValue {
        if method == "eth_sendRawTransaction" { return try await broadcast(params) }
        return try await single(method, params, retryable: true)
    }

    /// One call in one exchange.
    func single(_ method: String, _ params: [JSONValue], retryable: Bool) async throws(NetworkError) -> JSONValue {
        // Ids only need to be unique within one exchange, so a fixed id keeps requests reproducible.
        let id = 1
        let body = JSONRPCMessage.request(id: id, method: method, params: params)
        var request = JSONRPCMessage.post(body, to: endpoint)
        request.retryable = retryable
        let answer = try JSONRPCMessage.json(of: try await network.send(request))
        if case .array = answer {
            throw .invalidResponse("\(method): expected one answer object, got an array")
        }
        let answeredID = JSONRPCMessage.id(of: answer)
        // A node that could not read the request answers with a null id and an error; that error is the news.
        let isAnonymousError = answeredID == nil && answer["error"].map { $0 != .null } == true
        guard answeredID == id || isAnonymousError else {
            let shown = answer["id"].map(JSONRPCMessage.preview) ?? "none"
            throw .invalidResponse("\(method): the answer's id \(shown) does not match the request's id \(id)")
        }
        return try JSONRPCMessage.outcome(of: answer, method: method).get()
    }

    /// Sends `calls` in one HTTP request, or in as few as the node accepts, and returns their
    /// outcomes in call order, whatever order the node answered in. An error object for one call
    /// fails only that element; a transport failure, or an answer that cannot be matched to the
    /// calls, throws for the whole batch. A node that refuses a batch gets it in halves, down to
    /// single requests (said once), and this client keeps that size.
    public func batch(
        _ calls: [(method: String, params: [JSONValue])]
    ) async throws(NetworkError) -> [Result<JSONValue, NetworkError>] {
        // JSON-RPC calls an empty batch invalid, and there is nothing to ask anyway.
        guard !calls.isEmpty else { return [] }
        var size = min(calls.count, limits.maxBatch ?? .max, learned.value ?? .max)
        var outcomes: [Result<JSONValue, NetworkError>] = []
        outcomes.reserveCapacity(calls.count)
        var index = 0
        while index < calls.count {
            let chunk = Array(calls[index..<min(index + max(size, 1), calls.count)])
            do {
                // Plain requests only for a node known to take no batches: a batch of one is still a batch.
                let singles = learned.value == 1 || limits.maxBatch == 1
                outcomes += singles ? [try await singleOutcome(chunk[0])] : try await oneBatch(chunk)
                index += chunk.count
            } catch where chunk.count > 1 && error.isRefusal {
                size = chunk.count / 2
                learned.learn(size)
                if size == 1 {
                    NetworkNotices.once("\(RetryingNetwork.origin(endpoint.url)) does not accept JSON-RPC batches; sending requests one at a time")
                }
            }
        }
        return outcomes
    }

    /// One call's outcome as a batch element: its error object is the element's failure.
    private func singleOutcome(_ call: (method: String, params: [JSONValue])) async throws(NetworkError) -> Result<JSONValue, NetworkError> {
        do { return .success(try await single(call.method, call.params, retryable: call.method != "eth_sendRawTransaction")) } catch {
            if case .rpc = error { return .failure(error) }
            throw error
        }
    }

    /// `calls` in ONE HTTP request.
    private func oneBatch(
        _ calls: [(method: String, params: [JSONValue])]
    ) async throws(NetworkError) -> [Result<JSONValue, NetworkError>] {
        let body = JSONValue.array(calls.enumerated().map { index, call in
            JSONRPCMessage.request(id: index + 1, method: call.method, params: call.params)
        })
        var request = JSONRPCMessage.post(body, to: endpoint)
        request.retryable = !calls.contains { $0.method == "eth_sendRawTransaction" }
        let answer = try JSONRPCMessage.json(of: try await network.send(request))
        guard case .array(let elements) = answer else {
            // Nodes refuse a whole batch (too large, rate limited) with one error object.
            if let error = answer["error"], error != .null { throw JSONRPCMessage.rpcError(error) }
            throw .invalidResponse("expected an array answering the batch, got \(JSONRPCMessage.preview(answer))")
        }
        var byID = [Int: JSONValue]()
        for element in elements {
            guard let id = JSONRPCMessage.id(of: element), (1...calls.count).contains(id) else {
                let shown = element["id"].map(JSONRPCMessage.preview) ?? "none"
                throw .invalidResponse("the batch answer has id \(shown), which matches none of the \(calls.count) requests")
            }
            guard byID.updateValue(element, forKey: id) == nil else {
                throw .invalidResponse("the batch answer repeats id \(id)")
            }
        }
        return calls.enumerated().map { index, call in
            guard let element = byID[index + 1] else {
                return .failure(.invalidResponse("\(call.method): no answer for id \(index + 1) in the batch"))
            }
            return JSONRPCMessage.outcome(of: element, method: call.method)
        }
    }
}
