import Networking
import SafeKit
import Storage

extension SafeReviewStore {
    /// The review of a transaction of a Safe not deployed yet: its address has no code, so the
    /// after-state and events (read through the Safe's own code) are not pretended; the review
    /// says the execution deploys the Safe first. A plain call still runs as an `eth_call` from
    /// the Safe's address, whose balance is real.
    func reviewBeforeDeployment(_ tx: SafeTx, call: DecodedCall, risks: [SafeRisk], deployment: SafeProxyDeployment,
                                chain selection: ChainSelection) async -> SafeTransactionReview {
        let why = Self.beforeDeployment(deployment)
        var simulation = SafeSimulation.unavailable(why)
        if tx.operation == .call, let chain = try? await connector.connect(selection) {
            simulation = await SafeCallSimulation.run(tx, chain: chain)
        }
        return SafeTransactionReview(call: call, simulation: simulation, effect: .unavailable(why), events: .unavailable(why), risks: risks, safe: tx.safe)
    }

    /// What the review of a not-deployed Safe's transaction says instead of its after-state.
    static func beforeDeployment(_ deployment: SafeProxyDeployment) -> String {
        "the Safe is not deployed yet: executing this transaction first deploys it (createProxyWithNonce on \(deployment.factory.checksummed), "
            + "salt nonce \(deployment.saltNonce)), so nothing is read from it yet"
    }
}
