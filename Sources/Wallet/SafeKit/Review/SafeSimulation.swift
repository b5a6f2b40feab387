import EthereumKit
import struct Foundation.Data

/// What a dry run of a Safe transaction's call, as the Safe, says it would do.
public enum SafeSimulation: Sendable, Hashable {
    case succeeds
    /// It would fail, with the reason the contract gave.
    case reverts(String)
    /// It could not be run, e.g. offline or a node that refused the call.
    case unavailable(String)

    /// One line for a reviewer.
    public var description: String {
        switch self {
        case .succeeds: return "succeeds"
        case .reverts(let why): return "fails: \(why)"
        case .unavailable(let why): return "not simulated: \(why)"
        }
    }

    static let simulateAndRevert = try! FunctionSignature("simulateAndRevert(address,bytes)")

    /// `simulateAndRevert(target, payload)` (Safe 1.3.0 and later): the Safe delegatecalls `target`
    /// and reverts with `success ‖ length ‖ returndata`, so a delegatecall can be tried as the Safe.
    public static func delegateCallProbe(target: Address, payload: [UInt8]) -> [UInt8] {
        try! simulateAndRevert.encodeCall([.address(target), .bytes(payload)])
    }

    /// Reads the revert data of `delegateCallProbe`.
    public static func probeOutcome(_ revertData: [UInt8]) -> SafeSimulation {
        guard revertData.count >= 64, revertData[0..<31].allSatisfy({ $0 == 0 }), revertData[31] <= 1 else {
            return .unavailable("the Safe did not answer simulateAndRevert (\(RevertReason.describe(revertData)))")
        }
        if revertData[31] == 1 { return .succeeds }
        return .reverts(RevertReason.describe(Array(revertData.dropFirst(64))))
    }
}
