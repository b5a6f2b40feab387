import BigInt
import Storage

/// A Safe created counterfactually, in the JSON the command line prints (`safe create --counterfactual`).
public struct CounterfactualSafeView: Codable, Sendable, Hashable {
    public var safe: String
    public var chainId: String
    /// Always "not deployed": the first executed transaction deploys it.
    public var status: String
    public var saltNonce: String
    public var safeVersion: String
    public var factory: String
    public var singleton: String

    /// The view of `state`, a Safe stored as not deployed.
    public init(_ state: SafeState) {
        let s = state.safe
        safe = s.address.checksummed
        chainId = String(s.chainID)
        status = s.isDeployed ? "deployed" : "not deployed"
        saltNonce = s.undeployed.map { String($0.saltNonce) } ?? ""
        safeVersion = s.version
        factory = s.undeployed?.factory.checksummed ?? ""
        singleton = s.undeployed?.singleton.checksummed ?? ""
    }
}
