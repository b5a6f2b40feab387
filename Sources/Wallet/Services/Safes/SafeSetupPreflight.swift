import Networking
import SafeKit

/// The chain's word on a setup change before it is proposed, in one batch: the module, guard or
/// handler holds code, and a guard answers ERC-165 for the guard interface, as the Safe's own
/// `setGuard` asks from 1.4.1 on (GS300); a Safe 1.3.0 does not ask, and a non-guard would then
/// fail its every transaction. A refusal here costs no one a signature.
enum SafeSetupPreflight {
    static func check(_ change: SafeSetupChange, remote: EthereumRemote) async throws {
        guard let (address, role) = change.contractRequired else { return }
        let r = EthereumRemote.Requests.self
        var batch = RPCBatch()
        let code = batch.add(r.code(at: address))
        let interface = change.needsGuardInterface
            ? batch.add(r.call(CallRequest(to: address, data: SafeSetupCalls.supportsInterface(SafeSetupCalls.guardInterfaceID)))) : nil
        let answers = try await remote.send(batch)
        guard !(try answers.get(code)).isEmpty else { throw SafeSetupError.notAContract(address, role: role) }
        guard let interface else { return }
        // A revert (no such function, no fallback) is a no, as it is to the Safe; any other node error is the node's.
        switch answers[interface] {
        case .success(let answer): guard SafeSetupCalls.saysYes(answer) else { throw SafeSetupError.notAGuard(address) }
        case .failure(let error as NetworkError) where error.isRevert: throw SafeSetupError.notAGuard(address)
        case .failure(let error): throw error
        }
    }
}
