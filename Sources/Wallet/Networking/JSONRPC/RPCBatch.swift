import EthereumKit

/// Typed requests of different kinds gathered for ONE round trip when their number is known only
/// at run time (a Safe's reads, its tokens, whatever a caller adds). Each `add` returns the slot
/// that reads that request's answer back, typed, so no caller handles raw JSON.
public struct RPCBatch: Sendable {
    var calls: [(method: String, params: [JSONValue])] = []

    /// An empty batch.
    public init() {}

    /// How many requests the batch holds.
    public var count: Int { calls.count }

    /// Adds `request`; its answer is read with the slot returned.
    public mutating func add<Output>(_ request: RPCRequest<Output>) -> RPCBatchSlot<Output> {
        calls.append((request.method, request.params))
        return RPCBatchSlot(index: calls.count - 1, request: request)
    }
}

/// Where one typed request sits in an `RPCBatch`.
public struct RPCBatchSlot<Output: Sendable>: Sendable {
    let index: Int
    let request: RPCRequest<Output>
}

/// The answers to an `RPCBatch`, read by slot: a failed element (an error object, a wrong shape)
/// is that element's failure only.
public struct RPCBatchAnswers: Sendable {
    let outcomes: [Result<JSONValue, NetworkError>]

    /// The answer to `slot`, mapped to its type.
    public subscript<Output>(_ slot: RPCBatchSlot<Output>) -> Result<Output, any Error> {
        outcomes[slot.index].flatMap(slot.request.output(from:)).mapError { $0 as any Error }
    }

    /// The answer to `slot`, or its error thrown.
    public func get<Output>(_ slot: RPCBatchSlot<Output>) throws -> Output { try self[slot].get() }
}

extension EthereumRemote {
    /// Sends `batch` in one round trip; a failed exchange throws, a failed element is read as its slot's failure.
    public func send(_ batch: RPCBatch) async throws(NetworkError) -> RPCBatchAnswers {
        RPCBatchAnswers(outcomes: try await rpc.batch(batch.calls))
    }
}
