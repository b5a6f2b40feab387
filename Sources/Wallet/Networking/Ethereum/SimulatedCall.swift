import BigInt
import EthereumKit

/// One call of an `eth_simulateV1` run: whether it succeeded, what it returned, and the logs it
/// would have emitted (none when it failed).
public struct SimulatedCall: Sendable, Equatable {
    public let succeeded: Bool
    public let returnData: [UInt8]
    public let gasUsed: BigUInt
    public let logs: [Log]
    /// The node's reason for a failure, e.g. "execution reverted: GS013".
    public let error: String?

    /// A simulated call's outcome.
    public init(succeeded: Bool, returnData: [UInt8], gasUsed: BigUInt, logs: [Log], error: String? = nil) {
        self.succeeded = succeeded
        self.returnData = returnData
        self.gasUsed = gasUsed
        self.logs = logs
        self.error = error
    }
}

extension RPCMapper {
    /// The calls of the first simulated block of an `eth_simulateV1` answer.
    public static func simulatedCalls(_ value: JSONValue) throws(NetworkError) -> [SimulatedCall] {
        let blocks = try array(value)
        guard let block = blocks.first else { throw .invalidResponse("eth_simulateV1 answered no block") }
        var calls: [SimulatedCall] = []
        for (index, item) in try array(try member(block, "calls", in: "block"), field: "calls").enumerated() {
            let field = "calls[\(index)]"
            let status = try quantity(try member(item, "status", in: field), field: "\(field).status")
            let error: String? = optionalMember(item, "error").map { error in
                if case .string(let message)? = error["message"] { return message }
                return JSONRPCMessage.preview(error)
            }
            calls.append(SimulatedCall(
                succeeded: status == 1,
                returnData: try data(try member(item, "returnData", in: field), field: "\(field).returnData"),
                gasUsed: try quantity(try member(item, "gasUsed", in: field), field: "\(field).gasUsed"),
                logs: try optionalMember(item, "logs").map { v throws(NetworkError) in try logs(v, field: "\(field).logs") } ?? [],
                error: error))
        }
        return calls
    }
}

extension EthereumRemote.Requests {
    /// `eth_simulateV1` of `calls` in one block on top of `block`, each seeing the one before,
    /// assuming `overrides`; nothing reaches the chain. Nodes that do not serve it refuse it.
    public static func simulate(_ calls: [CallRequest], at block: BlockTag = .latest, overriding overrides: StateOverride) -> RPCRequest<[SimulatedCall]> {
        let blockStateCall = JSONValue.object([("stateOverrides", overrides.jsonValue), ("calls", .array(calls.map(\.jsonValue)))])
        return RPCRequest(method: "eth_simulateV1", params: [.object([("blockStateCalls", .array([blockStateCall]))]), block.jsonValue]) {
            try RPCMapper.simulatedCalls($0)
        }
    }
}
