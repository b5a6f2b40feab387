import BigInt
import Storage

/// A Safe deployed, in the JSON the command line prints (`safe create`).
public struct SafeDeploymentView: Codable, Sendable, Hashable {
    public var safe: String
    public var txHash: String
    public var status: String
    public var saltNonce: String
    public var safeVersion: String

    /// The view of `result`, deployed with `saltNonce`.
    public init(_ result: SafeDeployment, saltNonce: BigUInt) {
        safe = result.safe.checksummed
        txHash = Hex.encode(result.transaction.hash)
        status = result.transaction.status.rawValue
        self.saltNonce = String(saltNonce)
        safeVersion = result.version.rawValue
    }
}
