import EthereumKit
import Networking
import SafeKit

/// A Safe transaction's call tried as the Safe would run it, for the review and for the server's
/// estimate: one way of asking the node.
package enum SafeCallSimulation {
    /// Runs the call as the Safe would: a call from the Safe's address, or a delegatecall through
    /// the Safe's own `simulateAndRevert`, so the Safe's storage and balance are the ones used.
    package static func run(_ tx: SafeTx, chain: Chain, at block: BlockTag = .latest) async -> SafeSimulation {
        do {
            switch tx.operation {
            case .call:
                _ = try await chain.remote.call(CallRequest(from: tx.safe, to: tx.to, value: tx.value, data: tx.data), at: block)
                return .succeeds
            case .delegateCall where LegacySafeProbeHost.needed(for: tx.version):
                // No simulateAndRevert before 1.3.0: the host in the Safe's place has the probe delegatecall the target.
                let payload = SafeStateProbe.calldata(target: tx.to, value: tx.value, operation: .delegateCall, data: tx.data)
                let overrides = StateOverride([SafeStateProbe.address: .init(code: SafeStateProbe.code), tx.safe: .init(code: LegacySafeProbeHost.code)])
                _ = try await chain.remote.call(CallRequest(from: LegacySafeProbeHost.caller, to: tx.safe, data: payload), at: block, overriding: overrides)
                return .unavailable("the Safe's probe did not revert")
            case .delegateCall:
                let probe = SafeSimulation.delegateCallProbe(target: tx.to, payload: tx.data)
                _ = try await chain.remote.call(CallRequest(from: tx.safe, to: tx.safe, data: probe), at: block)
                return .unavailable("the Safe did not revert from simulateAndRevert; it may be older than 1.3.0")
            case .create:
                return .unavailable("contract creation by a Safe (before 1.0.0) is not simulated")
            }
        } catch {
            guard case .rpc(_, let message, _) = error else { return .unavailable(error.description) }
            guard let bytes = error.revertData else { return .reverts(message) }
            let outcome = tx.operation == .delegateCall ? SafeSimulation.probeOutcome(bytes) : .reverts(RevertReason.describe(bytes))
            guard case .reverts(let why) = outcome else { return outcome }
            return .reverts(SafeRevertCodes.describe(why))
        }
    }
}
