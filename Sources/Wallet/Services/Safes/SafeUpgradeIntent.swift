import BigInt
import Networking
import SafeKit

/// What `safe upgrade` asks for: a release, its L2 build or not, and optionally the singleton to
/// move to when the network's deployments do not name the right one (e.g. 1.3.0's second L2 deployment).
public struct SafeUpgradeRequest: Sendable, Equatable {
    public let to: SafeVersion
    public let l2: Bool
    public let singleton: Address?

    /// A request to move to `to` (its L2 build when `l2`), through `singleton` when given.
    public init(to: SafeVersion, l2: Bool = false, singleton: Address? = nil) {
        self.to = to
        self.l2 = l2
        self.singleton = singleton
    }
}

extension SafeTransactionsStore {
    /// The call and summary of `request` for the Safe `state` read: the plan `SafeUpgradePlan`
    /// decides, after the chain confirms the new singleton reports the release asked for and the
    /// contracts the plan calls have code, so a Safe is never pointed at nothing.
    func upgradeCall(_ request: SafeUpgradeRequest, state: SafeState, chain: Chain,
                     contracts: NetworkContracts) async throws -> (call: MultiSendCall, summary: String) {
        let safe = state.safe
        guard let version = safe.safeVersion else { throw SafeError.unsupportedVersion(address: safe.address, version: safe.version) }
        var target = contracts.set(for: request.to).filled(from: SafeDeployments.canonical(request.to))
        if let singleton = request.singleton {
            if request.l2 { target.safeL2Singleton = singleton } else { target.safeSingleton = singleton }
        }
        let migration = contracts.set(for: .v1_4_1).safeToL2Migration ?? SafeDeployments.safeToL2Migration
        let multiSend = target.multiSend ?? contracts.set(for: contracts.defaultVersion).multiSend ?? contracts.multiSend
        let inputs = SafeUpgradePlan.Inputs(safe: safe.address, version: version, singleton: state.singleton, nonce: safe.nonce,
                                            targetContracts: target, migration: migration, multiSend: multiSend)
        let plan: SafeUpgradePlan
        do { plan = try SafeUpgradePlan.plan(inputs, to: request.to, l2: request.l2) } catch { throw SafeError.upgradeRefused(error.description) }
        try await confirm(plan, chain: chain)
        return (MultiSendCall(operation: .delegateCall, to: plan.target, data: plan.data), plan.summary)
    }

    /// Refuses `plan` when its singleton does not report its release or a contract it names has no code.
    private func confirm(_ plan: SafeUpgradePlan, chain: Chain) async throws {
        let r = EthereumRemote.Requests.self
        let named = [("the delegatecall target", plan.target), ("the new singleton", plan.singleton)]
            + (plan.fallbackHandler.map { [("the fallback handler", $0)] } ?? [])
        var batch = RPCBatch()
        let codes = named.map { batch.add(r.code(at: $0.1)) }
        let version = batch.add(r.call(CallRequest(to: plan.singleton, data: SafeContract.version)))
        let answers = try await chain.remote.send(batch)
        for (slot, (what, address)) in zip(codes, named) where (try answers.get(slot)).isEmpty {
            throw SafeError.upgradeRefused("\(what) \(address.checksummed) has no code on this chain")
        }
        let reported = (try? answers.get(version)).flatMap { try? SafeContract.decodeVersion($0) }
        guard let reported, SafeVersion(reported: reported) == plan.to else {
            throw SafeError.singletonVersion(plan.singleton, reports: reported ?? "nothing", expected: plan.to)
        }
    }
}
