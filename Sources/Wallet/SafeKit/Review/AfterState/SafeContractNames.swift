import EthereumKit

/// Names for the Safe contracts a reviewer should recognise: every release's canonical
/// deployment, and the contracts a network lists for its releases.
public struct SafeContractNames: Sendable {
    private var names: [Address: String] = [:]

    /// The canonical deployments of every supported release, then `sets` (a network's own).
    public init(_ sets: [SafeVersion: SafeContractSet] = [:]) {
        for version in SafeVersion.allCases { add(SafeDeployments.canonical(version), version) }
        for (version, address) in SafeDeployments.safeMigrations { names[address] = "SafeMigration \(version.rawValue)" }
        // Oldest first: an address two releases share (a MultiSend reused) takes the newest name.
        for (version, set) in sets.sorted(by: { $0.key < $1.key }) { add(set, version) }
    }

    private mutating func add(_ set: SafeContractSet, _ version: SafeVersion) {
        let labels = ["safeSingleton": "Safe", "safeL2Singleton": "Safe L2", "safeProxyFactory": "SafeProxyFactory",
                      "fallbackHandler": "CompatibilityFallbackHandler", "multiSend": "MultiSend",
                      "multiSendCallOnly": "MultiSendCallOnly", "signMessageLib": "SignMessageLib",
                      "safeToL2Migration": "SafeToL2Migration"]
        for key in SafeContractSet.keys {
            guard let address = set[key], let label = labels[key] else { continue }
            let parts = label.split(separator: " ")
            names[address] = "\(parts[0]) \(version.rawValue)" + (parts.count > 1 ? " \(parts[1])" : "")
        }
    }

    /// What `address` is, e.g. "Safe 1.4.1 L2"; nil when it is none of these.
    public func name(_ address: Address) -> String? { names[address] }
}
