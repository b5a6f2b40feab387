/// The names the Safe deployments give a release's contracts (1.3.0 still says `GnosisSafe`),
/// in the order the official service lists them, each beside its key in `SafeContractSet`.
public enum SafeDeploymentNames {
    /// `(key, name)` for each contract of `version` that a `SafeContractSet` holds.
    public static func contracts(of version: SafeVersion) -> [(key: String, name: String)] {
        let prefix = version < .v1_4_1 ? "GnosisSafe" : "Safe"
        return [("fallbackHandler", "CompatibilityFallbackHandler"), ("safeSingleton", prefix), ("safeL2Singleton", prefix + "L2"),
                ("multiSend", "MultiSend"), ("multiSendCallOnly", "MultiSendCallOnly"), ("safeProxyFactory", prefix + "ProxyFactory"),
                ("signMessageLib", "SignMessageLib")]
    }
}
