import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// A Safe deployed (or, dry, planned) on another chain at its own address.
public struct SafeReplicaDeployment: Sendable, Equatable {
    public let safe: Address
    public let sourceChainID: BigUInt
    public let targetChainID: BigUInt
    /// The factory call replayed on the target: the creation's singleton, setup and salt.
    public let deployment: SafeProxyDeployment
    /// The deployment sent; nil for a dry run.
    public let transaction: StoredTransaction?
    /// The Safe as read on the target after deployment, when the send waited for it.
    public let state: SafeState?
}

/// Deploys a Safe on another network at the same address with the same setup, as Safe{Wallet}'s
/// "add another network" does: the creation is read on the Safe's chain (its factory call), and
/// `SafeKit.SafeReplication` decides from both chains whether the same factory call gives the
/// same address and setup there, or refuses with the reason. The replica is then followed.
public struct ReplicateSafe: SafeAccountAction {
    public let safe: Address
    /// The Safe's own chain.
    public let source: ChainSelection
    /// Where to deploy it.
    public let target: ChainSelection
    /// The key that pays the deployment; nil for a dry run, which checks and plans only.
    public let keyName: String?
    public let wait: Bool
    public let password: @Sendable () throws -> String
    public let progress: @Sendable (SendProgress) -> Void
    public init(safe: Address, source: ChainSelection, target: ChainSelection, keyName: String?, wait: Bool,
                password: @escaping @Sendable () throws -> String, progress: @escaping @Sendable (SendProgress) -> Void = { _ in }) {
        self.safe = safe
        self.source = source
        self.target = target
        self.keyName = keyName
        self.wait = wait
        self.password = password
        self.progress = progress
    }
    public func perform(on store: SafeAccountStore) async throws -> SafeReplicaDeployment { try await store.replicate(self) }
}

extension SafeAccountStore {
    func replicate(_ x: ReplicateSafe) async throws -> SafeReplicaDeployment {
        if let keyName = x.keyName { _ = try await keys.account(named: keyName) }
        let source = try await connector.connect(x.source), target = try await connector.connect(x.target)
        let state = try await refresh(x.safe, chain: source)
        let sourceID = state.safe.chainID
        let found = try await storage.creationBlock(chainID: sourceID, address: x.safe)
        guard let creation = try await SafeCreationQuery.read(x.safe, remote: source.remote, found: found) else {
            throw SafeReplicationRefusal.creationUnknown(x.safe)
        }
        let planned = try SafeReplication.deployment(safe: x.safe, factory: creation.factory, creationInput: creation.factoryInput)
        let contracts = SafeReplication.contracts(of: planned).map(\.address)

        let r = EthereumRemote.Requests.self
        let sourceCodes = try await source.remote.batch(contracts.map { r.code(at: $0) })
        var batch = RPCBatch()
        let chainSlot = batch.add(r.chainID()), safeCode = batch.add(r.code(at: x.safe))
        let creationCode = batch.add(r.call(CallRequest(to: planned.factory, data: SafeProxyFactory.proxyCreationCode)))
        let targetCodes = contracts.map { batch.add(r.code(at: $0)) }
        let answers = try await target.remote.send(batch)
        let targetID = try target.verify(chainID: try answers.get(chainSlot))
        var sourceHashes: [Address: [UInt8]] = [:], targetHashes: [Address: [UInt8]] = [:]
        for (address, code) in zip(contracts, sourceCodes) { sourceHashes[address] = Keccak256.hash(try code.get()) }
        for (address, slot) in zip(contracts, targetCodes) { targetHashes[address] = Keccak256.hash(try answers.get(slot)) }
        let facts = SafeReplicationFacts(
            safe: x.safe, factory: creation.factory, creationInput: creation.factoryInput, owners: state.safe.owners, threshold: state.safe.threshold,
            sourceCodeHashes: sourceHashes, targetCodeHashes: targetHashes, targetHasCode: !(try answers.get(safeCode)).isEmpty,
            targetCreationCode: (try? answers.get(creationCode)).flatMap { try? SafeProxyFactory.decodeCreationCode($0) })
        let deployment = try SafeReplication.plan(facts)
        guard let keyName = x.keyName else {
            return SafeReplicaDeployment(safe: x.safe, sourceChainID: sourceID, targetChainID: targetID, deployment: deployment, transaction: nil, state: nil)
        }
        let sent = try await transactions.send(SendTransaction(
            keyName: keyName, transfer: .contractCall(to: deployment.factory, value: 0, data: try deployment.call()),
            chain: x.target, wait: x.wait, password: x.password, progress: x.progress))
        var replica: SafeState? = nil
        if let receipt = sent.receipt, receipt.status {
            try await storage.saveCreationBlock(receipt.blockNumber, chainID: targetID, address: x.safe)
            replica = try await refresh(x.safe, chain: target, name: state.safe.name, follow: true)
        }
        return SafeReplicaDeployment(safe: x.safe, sourceChainID: sourceID, targetChainID: targetID, deployment: deployment,
                               transaction: sent.transaction, state: replica)
    }
}
