import BigInt
import Networking
import SafeKit

extension SafeStore {
    /// The Safe before and after `tx`'s call, in one round trip: two `eth_call`s in a batch, each
    /// through the Safe's `simulateAndRevert` into `SafeStateProbe`, placed by state override.
    /// The execution's own bookkeeping (the nonce's increment, a refund) is not part of the call
    /// and not shown; anything else that changes is. Answers the effect and the Safe as read
    /// before it, when it could be read.
    func effect(of tx: SafeTx, call: DecodedCall, chain: Chain, names: SafeContractNames, at block: BlockTag = .latest)
        async -> (SafeEffect, SafeStateSnapshot?) {
        let overrides = StateOverride([SafeStateProbe.address: .init(code: SafeStateProbe.code)])
        // Everyone the call pays or calls, the target first, besides the Safe (whose balance is read anyway).
        var seen = Set<Address>()
        let watched = ([tx.to] + SafeRiskCheck.recipients(of: call)).filter { $0 != tx.safe && $0 != .zero && seen.insert($0).inserted }
        func request(_ operation: SafeOperation?) -> RPCRequest<[UInt8]> {
            let payload = SafeStateProbe.calldata(target: tx.to, value: tx.value, operation: operation, data: tx.data, watched: watched)
            let call = CallRequest(from: tx.safe, to: tx.safe, data: SafeSimulation.delegateCallProbe(target: SafeStateProbe.address, payload: payload))
            return EthereumRemote.Requests.call(call, at: block, overriding: overrides)
        }
        guard tx.operation != .create else { return (.unavailable("contract creation by a Safe (before 1.0.0) is not simulated"), nil) }
        let answers: [Result<[UInt8], any Error>]
        do {
            answers = try await chain.remote.batch([request(nil), request(tx.operation)])
        } catch {
            return (.unavailable(error.description), nil)
        }
        func outcome(_ answer: Result<[UInt8], any Error>) -> SafeProbeOutcome {
            switch answer {
            case .success: return .unreadable("the Safe did not revert from simulateAndRevert; it may be older than 1.3.0")
            case .failure(let error):
                guard let error = error as? NetworkError, let data = error.revertData else {
                    return .unreadable("the node refused the call with a state override: \(error)")
                }
                return SafeProbeOutcome(revertData: data)
            }
        }
        let first = outcome(answers[0]), second = outcome(answers[1])
        let before: SafeStateSnapshot? = if case .state(let state) = first { state } else { nil }
        switch (first, second) {
        case (.state(let before), .state(let after)):
            return (.changes(SafeStateChange.between(before, after, watched: Array(watched.prefix(SafeStateProbe.watchLimit)), name: names.name)), before)
        case (.state, .reverted(let why)):
            return (.reverted(SafeRevertCodes.describe(why)), before)
        case (.unreadable(let why), _), (_, .unreadable(let why)):
            return (.unavailable(why.contains("(0 bytes)") ? "the node ignored the state override (\(why))" : why), before)
        case (.reverted(let why), _):
            return (.unavailable("reading the Safe failed: \(why)"), nil)
        }
    }
}
