import EthereumKit

/// JSON-RPC 2.0 over HTTP POST: single calls and batches, answers matched to requests by id.
public struct JSONRPCClient: Sendable {
    /// How requests travel.
    public let network: any Network
    /// Where they go.
    public let endpoint: RPCEndpoint

    /// A client posting to `endpoint` through `network`.
    public init(network: any Network, endpoint: RPCEndpoint) {
        self.network = network
        self.endpoint = endpoint
    }

    /// Calls `method` and returns its `result`; a JSON-RPC error object is thrown as `NetworkError.rpc`.
    public func call(_ method: String, _ params: [JSONValue]) async throws(NetworkError) -> JSONValue {
        // Ids only need to be unique within one exchange, so a fixed id keeps requests reproducible.
        let id = 1
        let body = JSONRPCMessage.request(id: id, method: method, params: params)
        let answer = try JSONRPCMessage.json(of: try await network.send(JSONRPCMessage.post(body, to: endpoint)))
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

    /// Sends all `calls` in ONE HTTP request and returns their outcomes in call order, whatever order
    /// the node answered in. An error object for one call fails only that element; a transport
    /// failure, or an answer that cannot be matched to the calls, throws for the whole batch.
    public func batch(
        _ calls: [(method: String, params: [JSONValue])]
    ) async throws(NetworkError) -> [Result<JSONValue, NetworkError>] {
        // JSON-RPC calls an empty batch invalid, and there is nothing to ask anyway.
        guard !calls.isEmpty else { return [] }
        let body = JSONValue.array(calls.enumerated().map { index, call in
            JSONRPCMessage.request(id: index + 1, method: call.method, params: call.params)
        })
        let answer = try JSONRPCMessage.json(of: try await network.send(JSONRPCMessage.post(body, to: endpoint)))
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
