import Networking
import Storage

extension EthereumRemote.Requests {
    /// The same call answering raw JSON, so requests with different result types can share one
    /// batch (one round trip) and be mapped afterwards.
    static func raw<T>(_ request: RPCRequest<T>) -> RPCRequest<JSONValue> {
        RPCRequest(method: request.method, params: request.params) { $0 }
    }
}
