import BigInt
import EthereumKit
import SafeKit
import Services

/// The `safeTxGas` for a call of a served Safe (`…/multisig-transactions/estimations/`). Every Safe
/// Bifrost serves is 1.3.0 or later, where `safeTxGas` 0 lets the call use all the gas its
/// executor gives and makes a failing call revert the execution: so the estimate is 0, as the
/// official service answers on an L2 network, once the call, tried as the Safe, succeeds. A call
/// that would fail is refused with the node's reason.
public struct EstimateServedTransaction: CoSigningAction {
    public let safe: Address
    public let to: Address
    public let value: BigUInt
    public let data: [UInt8]
    public let operation: SafeOperation
    public init(safe: Address, to: Address, value: BigUInt, data: [UInt8], operation: SafeOperation) {
        (self.safe, self.to, self.value, self.data, self.operation) = (safe, to, value, data, operation)
    }

    public func perform(on store: CoSigningStore) async throws -> BigUInt {
        let state = try await store.safe(safe).safe
        guard let version = state.safeVersion, version >= .v1_3_0 else { throw CoSigningRefusal.unsupportedVersion(state.version) }
        let tx = SafeTx(safe: safe, chainID: state.chainID, version: version, to: to, value: value, data: data, operation: operation, nonce: state.nonce)
        switch await SafeCallSimulation.run(tx, chain: store.chain) {
        case .succeeds: return 0
        case .reverts(let why), .unavailable(let why): throw CoSigningRefusal.estimationFailed(why)
        }
    }
}
