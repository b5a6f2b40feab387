import BigInt
import EthereumKit

/// The execution events a Safe emits, for building history from logs.
public enum SafeEvents {
    /// `ExecutionSuccess(bytes32 txHash, uint256 payment)`.
    public static let executionSuccess = Keccak256.hash(Array("ExecutionSuccess(bytes32,uint256)".utf8))
    /// `ExecutionFailure(bytes32 txHash, uint256 payment)`.
    public static let executionFailure = Keccak256.hash(Array("ExecutionFailure(bytes32,uint256)".utf8))
    /// `ExecutionFailed(bytes32 txHash)`: 1.0.0's only execution log; a success there logs nothing.
    public static let executionFailed = Keccak256.hash(Array("ExecutionFailed(bytes32)".utf8))
    /// `SafeReceived(address indexed sender, uint256 value)`: ether paid in, which changes no setting.
    public static let safeReceived = Keccak256.hash(Array("SafeReceived(address,uint256)".utf8))
    /// `ExecutionFromModuleSuccess(address indexed module)`.
    public static let moduleExecutionSuccess = Keccak256.hash(Array("ExecutionFromModuleSuccess(address)".utf8))
    /// `ExecutionFromModuleFailure(address indexed module)`.
    public static let moduleExecutionFailure = Keccak256.hash(Array("ExecutionFromModuleFailure(address)".utf8))

    /// The safeTxHash and outcome of an execution log, whether `txHash` is indexed (1.4.1, 1.5.0)
    /// or in the data (1.1.1, 1.3.0), and 1.0.0's `ExecutionFailed`; nil for any other log.
    public static func execution(topics: [[UInt8]], data: [UInt8]) -> (safeTxHash: [UInt8], success: Bool)? {
        guard let topic = topics.first else { return nil }
        let success: Bool
        if topic == executionSuccess { success = true } else if topic == executionFailure || topic == executionFailed { success = false } else { return nil }
        if topics.count >= 2 { return (topics[1], success) }
        guard data.count >= 32 else { return nil }
        return (Array(data.prefix(32)), success)
    }

    /// Whether the execution of `safeTxHash` succeeded, from the logs of a successful Ethereum
    /// transaction that called the Safe's `execTransaction` (`logs`: the Safe's own, already gated):
    /// its success or failure log; for a release that logs no success (1.0.0), the absence of its
    /// failure log. False when nothing says it ran.
    public static func succeeded(_ safeTxHash: [UInt8], logs: [(topics: [[UInt8]], data: [UInt8])], version: SafeVersion?) -> Bool {
        let outcome = logs.lazy.compactMap { execution(topics: $0.topics, data: $0.data) }.first { $0.safeTxHash == safeTxHash }
        if let outcome { return outcome.success }
        return version.map { !$0.logsSuccess } ?? false
    }

    /// The module and outcome of a module execution log; nil for any other log.
    public static func moduleExecution(topics: [[UInt8]], data: [UInt8]) -> (module: Address, success: Bool)? {
        guard let topic = topics.first else { return nil }
        let success: Bool
        if topic == moduleExecutionSuccess { success = true } else if topic == moduleExecutionFailure { success = false } else { return nil }
        if topics.count >= 2 { return (Address(word: topics[1]), success) }
        guard data.count >= 32 else { return nil }
        return (Address(word: Array(data.prefix(32))), success)
    }
}
