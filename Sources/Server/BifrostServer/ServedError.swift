import Hummingbird
import Networking
import Services

/// An error that says how `bifrost serve` answers it, as Hummingbird's `HTTPResponseError` does:
/// its status, its JSON body in the official service's shape, and any headers. Each kind of
/// error the routes meet says so once (here, or beside the type the server owns), and
/// `CoSigningRoutes.run` and the middleware answer with it.
protocol ServedError: Error {
    /// The answer's status.
    var status: HTTPResponse.Status { get }
    /// The answer's body.
    var json: JSONValue { get }
    /// Headers the answer carries besides its content type.
    var headers: HTTPFields { get }
}

extension ServedError {
    var headers: HTTPFields { [:] }

    /// The answer: the JSON with its status and headers.
    var response: Response {
        var response = CoSigningRoutes.json(status, json)
        response.headers.append(contentsOf: headers)
        return response
    }

    /// `{"detail": [reason]}`, the official service's shape for an error that blames no field.
    static func detail(_ reason: String) -> JSONValue { ServedJSON.object([("detail", .array([.string(reason)]))]) }
}

extension FieldError: ServedError {
    var status: HTTPResponse.Status {
        switch kind {
        case .malformed, .unparsable: .badRequest
        case .refused: .unprocessableContent
        case .notFound: .notFound
        case .unauthorized: .unauthorized
        case .tooLarge: .contentTooLarge
        }
    }

    var json: JSONValue { ServedJSON.error(self) }
}

/// The database did not answer: the request may be tried again later.
extension StorageError: ServedError {
    var status: HTTPResponse.Status { .serviceUnavailable }
    var json: JSONValue { Self.detail("storage: \(self)") }
}

/// The node did not answer, or not as a node does.
extension NetworkError: ServedError {
    var status: HTTPResponse.Status { .badGateway }
    var json: JSONValue { Self.detail("the node: \(self)") }
}

/// The node's chain is not the one asked for, or it answered what no chain would.
extension ChainError: ServedError {
    var status: HTTPResponse.Status { .badGateway }
    var json: JSONValue { Self.detail("the node: \(self)") }
}

/// Any other error a rule threw: the request was understood but cannot be served.
struct UnservedRequest: ServedError {
    let error: any Error
    var status: HTTPResponse.Status { .unprocessableContent }
    var json: JSONValue { Self.detail("\(error)") }
}
