import EthereumKit

/// A typed JSON-RPC request: the method, its parameters, and the Mapper that turns the `result` into
/// an entity. Built by `EthereumRemote.Requests`, run alone or in a batch.
public struct RPCRequest<Output: Sendable>: Sendable {
    /// The JSON-RPC method, e.g. `eth_getBalance`.
    public let method: String
    /// The positional parameters.
    public let params: [JSONValue]
    /// Maps the `result`; a wrong shape throws `NetworkError.invalidResponse`.
    public let map: @Sendable (JSONValue) throws -> Output

    /// A request for `method` with `params`, whose result `map` reads.
    public init(method: String, params: [JSONValue], map: @escaping @Sendable (JSONValue) throws -> Output) {
        self.method = method
        self.params = params
        self.map = map
    }

    /// Applies the Mapper, naming the method in any error so a user can tell which answer was wrong.
    func output(from result: JSONValue) -> Result<Output, NetworkError> {
        do {
            return .success(try map(result))
        } catch let error as NetworkError {
            if case .invalidResponse(let message) = error { return .failure(.invalidResponse("\(method): \(message)")) }
            return .failure(error)
        } catch {
            return .failure(.invalidResponse("\(method): \(error)"))
        }
    }
}
