import Synchronization

/// What a node accepts, as its network is configured (`network add --max-batch --max-log-range`).
/// Refusals seen at run time shrink the batch size further for the rest of the process.
public struct RPCLimits: Sendable, Equatable {
    /// The most calls in one JSON-RPC batch; nil for no known cap.
    public var maxBatch: Int?
    /// The widest `eth_getLogs` block range; nil to start wide and narrow on refusal.
    public var maxLogRange: Int?

    /// Limits; nil means none known.
    public init(maxBatch: Int? = nil, maxLogRange: Int? = nil) {
        self.maxBatch = maxBatch
        self.maxLogRange = maxLogRange
    }
}

/// Where Networking says something once that a user should know but that is not an error, e.g.
/// that a node takes no batches. A front end installs its sink at start; without one it is dropped.
public enum NetworkNotices {
    private static let state = Mutex<(sink: (@Sendable (String) -> Void)?, said: Set<String>)>((nil, []))

    /// Sends every future notice to `sink`.
    public static func install(_ sink: @escaping @Sendable (String) -> Void) { state.withLock { $0.sink = sink } }

    /// Reports `message` the first time only.
    static func once(_ message: String) {
        let sink: (@Sendable (String) -> Void)? = state.withLock { s in
            guard s.said.insert(message).inserted else { return nil }
            return s.sink
        }
        sink?(message)
    }
}

/// The batch size a node was seen to accept, learned from its refusals, for one client's life.
final class LearnedBatchSize: Sendable {
    private let size = Mutex<Int?>(nil)

    var value: Int? { size.withLock { $0 } }

    func learn(_ new: Int) { size.withLock { $0 = min(new, $0 ?? new) } }
}
