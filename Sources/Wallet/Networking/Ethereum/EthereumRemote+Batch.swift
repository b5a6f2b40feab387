import EthereumKit

extension EthereumRemote {
    /// Runs N requests of one type in ONE round trip; results come in request order. A failed
    /// element (error object, wrong shape) is that element's failure; a failed exchange throws.
    public func batch<T>(_ requests: [RPCRequest<T>]) async throws(NetworkError) -> [Result<T, any Error>] {
        let outcomes = try await rpc.batch(requests.map { (method: $0.method, params: $0.params) })
        return zip(requests, outcomes).map { request, outcome in
            outcome.flatMap(request.output(from:)).mapError { $0 as any Error }
        }
    }

    /// Asks `request` of each of `keys` (transaction hashes, say) in ONE round trip, none when there
    /// are no keys; a key whose answer failed or was null is left out.
    public func batch<Key: Hashable, T>(_ keys: some Collection<Key>, _ request: (Key) -> RPCRequest<T?>) async throws(NetworkError) -> [Key: T] {
        let keys = Array(Set(keys))
        guard !keys.isEmpty else { return [:] }
        let answers = try await batch(keys.map(request))
        var found: [Key: T] = [:]
        for (key, answer) in zip(keys, answers) { if case .success(let value?) = answer { found[key] = value } }
        return found
    }

    /// Runs requests of different types in ONE round trip, e.g.
    /// `let (chain, nonce) = try await remote.batch(Requests.chainID(), Requests.transactionCount(of: a))`.
    public func batch<each T>(
        _ requests: repeat RPCRequest<each T>
    ) async throws(NetworkError) -> (repeat Result<each T, any Error>) {
        var calls = [(method: String, params: [JSONValue])]()
        for request in repeat each requests {
            calls.append((request.method, request.params))
        }
        let outcomes = try await rpc.batch(calls)
        var cursor = BatchCursor(outcomes: outcomes)
        return (repeat cursor.next(each requests))
    }
}

/// Hands out batch outcomes in order while a parameter pack is expanded.
private struct BatchCursor {
    let outcomes: [Result<JSONValue, NetworkError>]
    var index = 0

    mutating func next<T>(_ request: RPCRequest<T>) -> Result<T, any Error> {
        defer { index += 1 }
        return outcomes[index].flatMap(request.output(from:)).mapError { $0 as any Error }
    }
}
