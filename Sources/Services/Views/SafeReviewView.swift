import BigInt

/// A decoded call in the JSON the command line prints.
public struct DecodedCallView: Codable, Sendable, Hashable {
    public struct ArgumentView: Codable, Sendable, Hashable {
        public var name: String
        public var type: String
        public var value: String
    }

    public var operation: String
    public var to: String
    public var value: String
    @NullWhenAbsent public var function: String?
    public var arguments: [ArgumentView]
    public var calls: [DecodedCallView]
    public var warnings: [String]

    /// The view of `call` and its inner calls.
    public init(_ call: DecodedCall) {
        operation = call.operation.name
        to = call.to.checksummed
        value = String(call.value)
        function = call.function
        arguments = call.arguments.map { ArgumentView(name: $0.name, type: $0.type, value: $0.value) }
        calls = call.calls.map(DecodedCallView.init)
        warnings = call.warnings
    }
}

/// A reviewed Safe transaction in JSON (`safe review`): the decoded call, every warning, and the simulation.
public struct SafeReviewView: Codable, Sendable, Hashable {
    public var safeTxHash: String
    public var summary: String
    public var call: DecodedCallView
    /// Every warning of the call and its inner calls, numbered by inner call.
    public var warnings: [String]
    /// `succeeds`, `reverts` or `unavailable`.
    public var simulation: String
    @NullWhenAbsent public var simulationReason: String?

    /// The view of `review` of `entry`.
    public init(_ review: SafeTransactionReview, entry: SafeTransactionEntry) {
        safeTxHash = Hex.encode(entry.safeTxHash)
        summary = entry.summary
        call = DecodedCallView(review.call)
        warnings = review.call.allWarnings
        switch review.simulation {
        case .succeeds: (simulation, simulationReason) = ("succeeds", nil)
        case .reverts(let why): (simulation, simulationReason) = ("reverts", why)
        case .unavailable(let why): (simulation, simulationReason) = ("unavailable", why)
        }
    }
}
