import BigInt
import Storage

/// A Safe replicated on another network, in the JSON the command line prints (`safe replicate`).
public struct SafeReplicationView: Codable, Sendable, Hashable {
    public var safe: String
    public var fromChainId: String
    public var toChainId: String
    public var factory: String
    public var singleton: String
    public var saltNonce: String
    /// The `createProxyWithNonce` calldata sent (or, dry, to send) to the factory.
    public var data: String
    /// The deployment transaction's hash; null for a dry run.
    @NullWhenAbsent public var txHash: String?
    /// "planned" for a dry run, else the deployment's status.
    public var status: String
    /// The owners and threshold read on the target after deployment; empty when not read.
    public var owners: [String]
    @NullWhenAbsent public var threshold: JSONNumber?

    /// The view of `result`.
    public init(_ result: SafeReplicaDeployment) {
        safe = result.safe.checksummed
        fromChainId = String(result.sourceChainID)
        toChainId = String(result.targetChainID)
        factory = result.deployment.factory.checksummed
        singleton = result.deployment.singleton.checksummed
        saltNonce = String(result.deployment.saltNonce)
        data = Hex.encode((try? result.deployment.call()) ?? [])
        txHash = result.transaction.map { Hex.encode($0.hash) }
        status = result.transaction?.status.rawValue ?? "planned"
        owners = result.state?.safe.owners.map(\.checksummed) ?? []
        threshold = result.state.map { JSONNumber($0.safe.threshold) }
    }
}
