import EthereumKit
import Networking

extension MockNetwork {
    /// The JSON-RPC request objects a request carries, or nil when it is not a JSON-RPC POST.
    static func rpcCalls(in request: HTTPRequest) -> [JSONValue]? {
        guard request.method.uppercased() == "POST", let body = try? JSONParser.parse(request.body) else { return nil }
        switch body {
        case .object where body["jsonrpc"] != nil: return [body]
        case .array(let items) where !items.isEmpty && items.allSatisfy({ $0["jsonrpc"] != nil }): return items
        default: return nil
        }
    }

    static func isBatch(_ request: HTTPRequest) -> Bool {
        if case .array? = try? JSONParser.parse(request.body) { return true }
        return false
    }

    /// Answers each call by its method's route, echoing its id, in the configured batch order.
    func answerRPC(_ calls: [JSONValue], isBatch: Bool) -> HTTPResponse {
        var elements = [JSONValue]()
        for call in calls {
            let method = call["method"]?.stringValue ?? ""
            let params = call["params"]?.arrayValue ?? []
            if let element = Self.element(for: answer(method: method, params: params), id: call["id"] ?? .null) {
                elements.append(element)
            }
        }
        if batchOrder == .reversed { elements.reverse() }
        let headers = ["Content-Type": "application/json"]
        if isBatch { return HTTPResponse(status: 200, headers: headers, body: Array(JSONWriter.write(.array(elements)).utf8)) }
        guard let single = elements.first else { return HTTPResponse(status: 200, headers: headers, body: []) }
        return HTTPResponse(status: 200, headers: headers, body: Array(JSONWriter.write(single).utf8))
    }

    /// The answer registered for `method`; unknown methods get geth's "does not exist" error.
    private func answer(method: String, params: [JSONValue]) -> RPCAnswer {
        let route = state.withLock { s -> RPCRoute? in
            guard let route = s.rpc[method] else { return nil }
            if case .answers(let answers, let next) = route {
                s.rpc[method] = .answers(answers, next: min(next + 1, answers.count - 1))
            }
            return route
        }
        switch route {
        case .answers(let answers, let next)?: return answers[next]
        // Called outside the lock so a responder may itself use the mock.
        case .responder(let respond)?: return respond(params)
        case nil: return .error(code: -32601, message: "the method \(method) does not exist/is not available", data: nil)
        }
    }

    private static func element(for answer: RPCAnswer, id: JSONValue) -> JSONValue? {
        switch answer {
        case .result(let result):
            return .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
        case .error(let code, let message, let data):
            var error: [(key: String, value: JSONValue)] = [("code", .number(String(code))), ("message", .string(message))]
            if let data { error.append(("data", .string(data))) }
            return .object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object(error))])
        case .omitted:
            return nil
        case .element(let element):
            return element
        }
    }
}
