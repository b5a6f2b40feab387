/// How a Safe performs a transaction: a plain call, or a delegatecall that runs the target's code
/// in the Safe's own storage (used for MultiSend batches).
public enum SafeOperation: UInt8, Sendable, Hashable, CaseIterable {
    case call = 0
    case delegateCall = 1
    /// Contract creation, which only Safes before 1.0.0 offered; kept so their hashes can be checked.
    case create = 2

    /// `call` or `delegatecall`, as the CLI spells it.
    public var name: String {
        switch self {
        case .call: return "call"
        case .delegateCall: return "delegatecall"
        case .create: return "create"
        }
    }

    /// Parses `call` / `delegatecall` (or `0` / `1`).
    public init?(name: String) {
        switch name.lowercased() {
        case "call", "0": self = .call
        case "delegatecall", "delegate-call", "1": self = .delegateCall
        default: return nil
        }
    }
}
