import EthereumKit

/// The canonical Safe 1.4.1 deployments (safe-global/safe-deployments), at the same addresses on
/// every chain that has them. Bifrost checks for code there before relying on one.
public enum SafeDeployments {
    static func address(_ text: String) -> Address { try! Address(text) }

    /// SafeL2 1.4.1, which emits events for indexers.
    public static let safeL2Singleton = address("0x29fcB43b46531BcA003ddC8FCB67FFE91900C762")
    /// SafeProxyFactory 1.4.1.
    public static let proxyFactory = address("0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67")
    /// CompatibilityFallbackHandler 1.4.1.
    public static let fallbackHandler = address("0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99")
    /// MultiSend 1.4.1.
    public static let multiSend = address("0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526")
    /// MultiSendCallOnly 1.4.1.
    public static let multiSendCallOnly = address("0x9641d764fc13c8B624c04430C7356C1C7C8102e2")

    /// Every official MultiSend and MultiSendCallOnly (1.3.0 in both its deployments, 1.4.1,
    /// 1.5.0): the contracts a Safe is expected to delegatecall.
    public static let knownMultiSend: Set<Address> = Set([
        "0xA238CBeb142c10Ef7Ad8442C6D1f9E89e07e7761", "0x998739BFdAAdde7C933B942a68053933098f9EDa",
        "0x40A2aCCbd92BCA938b02010E17A5b8929b49130D", "0xA1dabEF33b3B82c7814B6D82A79e50F4AC44102B",
        "0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526", "0x9641d764fc13c8B624c04430C7356C1C7C8102e2",
        "0x218543288004CD07832472D464648173c77D7eB7", "0xA83c336B20401Af773B6219BA5027174338D1836",
    ].map { address($0.lowercased()) })
}
