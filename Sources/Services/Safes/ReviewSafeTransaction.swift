import BigInt
import Networking
import SafeKit
import Storage

/// What an owner sees before signing, against blind signing: every call decoded, the warnings,
/// what a dry run as the Safe says, and the Safe as it would stand after.
public struct SafeTransactionReview: Sendable, Equatable {
    public let call: DecodedCall
    public let simulation: SafeSimulation
    public let effect: SafeEffect

    /// A review of `call` with `simulation` and `effect`.
    public init(call: DecodedCall, simulation: SafeSimulation, effect: SafeEffect = .unavailable("not simulated")) {
        self.call = call
        self.simulation = simulation
        self.effect = effect
    }
}

/// Reviews a stored Safe transaction: decodes it trusting the official MultiSends and the
/// network's own, and simulates it as the Safe. Never fails for the node's sake: an unreachable
/// node makes the simulation `unavailable`, the decoding stands.
public struct ReviewSafeTransaction: SafeAction {
    public let safeTxHash: [UInt8]
    public let chain: ChainSelection
    public init(safeTxHash: [UInt8], chain: ChainSelection) {
        self.safeTxHash = safeTxHash
        self.chain = chain
    }
    public func perform(on store: SafeStore) async throws -> SafeTransactionReview { try await store.review(self) }
}

extension SafeStore {
    func review(_ r: ReviewSafeTransaction) async throws -> SafeTransactionReview {
        let tx = try await entry(r.safeTxHash).transaction
        let call = await connector.decoder(chainID: tx.chainID).decode(tx)
        do {
            let chain = try await connector.connect(r.chain)
            async let simulation = simulate(tx, chain: chain)
            async let effect = effect(of: tx, chain: chain, names: await connector.contractNames(chainID: tx.chainID))
            return SafeTransactionReview(call: call, simulation: await simulation, effect: await effect)
        } catch {
            return SafeTransactionReview(call: call, simulation: .unavailable(String(describing: error)),
                                         effect: .unavailable(String(describing: error)))
        }
    }

    /// Runs the call as the Safe would: a call from the Safe's address, or a delegatecall through
    /// the Safe's own `simulateAndRevert`, so the Safe's storage and balance are the ones used.
    func simulate(_ tx: SafeTx, chain: Chain) async -> SafeSimulation {
        do {
            switch tx.operation {
            case .call:
                _ = try await chain.remote.call(CallRequest(from: tx.safe, to: tx.to, value: tx.value, data: tx.data))
                return .succeeds
            case .delegateCall:
                let probe = SafeSimulation.delegateCallProbe(target: tx.to, payload: tx.data)
                _ = try await chain.remote.call(CallRequest(from: tx.safe, to: tx.safe, data: probe))
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
