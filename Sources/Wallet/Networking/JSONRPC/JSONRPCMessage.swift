import EthereumKit

/// The JSON-RPC 2.0 envelope: building request objects and reading answer objects. Kept apart from the
/// client so MockNetwork speaks exactly the same dialect.
public enum JSONRPCMessage {
    /// `{"jsonrpc":"2.0","id":…,"method":…,"params":[…]}`, keys in the order nodes document them.
    static func request(id: Int, method: String, params: [JSONValue]) -> JSONValue {
        .object([
            ("jsonrpc", .string("2.0")),
            ("id", .number(String(id))),
            ("method", .string(method)),
            ("params", .array(params)),
        ])
    }

    /// The POST that carries `body` to `endpoint`.
    static func post(_ body: JSONValue, to endpoint: RPCEndpoint) -> HTTPRequest {
        HTTPRequest(
            method: "POST",
            url: endpoint.url,
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: Array(JSONWriter.write(body).utf8)
        )
    }

    /// The JSON of a 2xx answer; other statuses are `httpStatus`, unparsable bodies `invalidResponse`.
    static func json(of response: HTTPResponse) throws(NetworkError) -> JSONValue {
        let response = try response.requireSuccess()
        do {
            return try JSONParser.parse(response.body)
        } catch {
            let start = NetworkError.excerpt(response.body, limit: 60)
            let shown = start.isEmpty ? "an empty body" : "'\(start)'"
            throw .invalidResponse("expected JSON, got \(shown) (\(error))")
        }
    }

    /// The id of an answer object, or nil when it is null, missing or not an integer. Ids are accepted
    /// as numbers or numeric strings, since some proxies turn one into the other.
    static func id(of answer: JSONValue) -> Int? {
        switch answer["id"] {
        case .number(let text)?: return Int(text)
        case .string(let text)?: return Int(text)
        default: return nil
        }
    }

    /// What one answer object says: its result, or its error object as `.rpc`.
    static func outcome(of answer: JSONValue, method: String) -> Result<JSONValue, NetworkError> {
        guard case .object = answer else {
            return .failure(.invalidResponse("\(method): expected an answer object, got \(preview(answer))"))
        }
        if let error = answer["error"], error != .null { return .failure(rpcError(error)) }
        guard let result = answer["result"] else {
            return .failure(.invalidResponse("\(method): the answer has neither a result nor an error"))
        }
        return .success(result)
    }

    /// A JSON-RPC error object as `.rpc`, keeping the node's message and data for the user.
    public static func rpcError(_ error: JSONValue) -> NetworkError {
        // A bare string is not standard, but it is still the server's explanation and worth showing.
        if case .string(let message) = error { return .rpc(code: 0, message: clip(message), data: nil) }
        let code: Int
        if case .number(let text)? = error["code"], let value = Int(text) {
            code = value
        } else {
            code = 0
        }
        let message = error["message"]?.stringValue ?? "no message"
        let data: String?
        switch error["data"] {
        case nil, .null?: data = nil
        case .string(let text)?: data = text
        case let other?: data = JSONWriter.write(other)
        }
        return .rpc(code: code, message: clip(message), data: data)
    }

    /// A short rendering of unexpected JSON for error messages.
    static func preview(_ value: JSONValue) -> String {
        NetworkError.clip(JSONWriter.write(value), to: 60)
    }

    private static func clip(_ message: String) -> String { NetworkError.clip(message, to: 1000) }
}
