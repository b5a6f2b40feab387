import EthereumKit

/// The canonical Safe deployments (safe-global/safe-deployments), at the same addresses on every
/// chain that has them. Bifrost checks for code there before relying on one.
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

    /// SafeToL2Migration (1.4.1 release), which moves a 1.1.1, 1.3.0 or 1.4.1 Safe to an L2 singleton.
    public static let safeToL2Migration = address("0xfF83F6335d8930cBad1c0D439A841f01888D9f69")

    /// The canonical contracts of a supported or legacy release; an empty set for any other.
    public static func canonical(_ version: SafeVersion) -> SafeContractSet {
        switch version {
        case .v1_0_0:
            return SafeContractSet(safeSingleton: address("0xb6029EA3B2c51D09a50B53CA8012FeEB05bDa35A"),
                                   safeProxyFactory: address("0x12302fE9c02ff50939BaAaaf415fc226C078613C"))
        case .v1_1_1:
            return SafeContractSet(safeSingleton: address("0x34CfAC646f301356fAa8B21e94227e3583Fe3F5F"),
                                   safeProxyFactory: address("0x76E2cFc1F5Fa8F6a5b3fC4c8F4788F0116861F9B"))
        case .v1_3_0:
            return SafeContractSet(safeSingleton: address("0xd9Db270c1B5E3Bd161E8c8503c55cEABeE709552"),
                                   safeL2Singleton: address("0x3E5c63644E683549055b9Be8653de26E0B4CD36E"),
                                   safeProxyFactory: address("0xa6B71E26C5e0845f74c812102Ca7114b6a896AB2"),
                                   fallbackHandler: address("0xf48f2B2d2a534e402487b3ee7C18c33Aec0Fe5e4"),
                                   multiSend: address("0xA238CBeb142c10Ef7Ad8442C6D1f9E89e07e7761"),
                                   multiSendCallOnly: address("0x40A2aCCbd92BCA938b02010E17A5b8929b49130D"),
                                   signMessageLib: address("0xA65387F16B013cf2Af4605Ad8aA5ec25a2cbA3a2"))
        case .v1_4_1:
            return SafeContractSet(safeSingleton: address("0x41675C099F32341bf84BFc5382aF534df5C7461a"),
                                   safeL2Singleton: safeL2Singleton, safeProxyFactory: proxyFactory,
                                   fallbackHandler: fallbackHandler, multiSend: multiSend, multiSendCallOnly: multiSendCallOnly,
                                   signMessageLib: address("0xd53cd0aB83D845Ac265BE939c57F53AD838012c9"),
                                   safeToL2Migration: safeToL2Migration)
        case .v1_5_0:
            return SafeContractSet(safeSingleton: address("0xFf51A5898e281Db6DfC7855790607438dF2ca44b"),
                                   safeL2Singleton: address("0xEdd160fEBBD92E350D4D398fb636302fccd67C7e"),
                                   safeProxyFactory: address("0x14F2982D601c9458F93bd70B218933A6f8165e7b"),
                                   fallbackHandler: address("0x3EfCBb83A4A7AfcB4F68D501E2c2203a38be77f4"),
                                   multiSend: address("0x218543288004CD07832472D464648173c77D7eB7"),
                                   multiSendCallOnly: address("0xA83c336B20401Af773B6219BA5027174338D1836"),
                                   signMessageLib: address("0x4FfeF8222648872B3dE295Ba1e49110E61f5b5aa"))
        default:
            return SafeContractSet()
        }
    }

    /// The release a Safe running `singleton` is, as the official Transaction Service reports it:
    /// `1.4.1`, or `1.4.1+L2` for an L2 singleton, from the canonical deployments and a chain's own
    /// (`known`); nil for a singleton neither lists, whose Safe reports its own `VERSION()`.
    public static func release(ofSingleton singleton: Address, known: [SafeVersion: SafeContractSet] = [:]) -> String? {
        for version in SafeVersion.allCases.reversed() {
            for set in [known[version], canonical(version)].compactMap({ $0 }) {
                if set.safeL2Singleton == singleton { return version.rawValue + "+L2" }
                if set.safeSingleton == singleton { return version.rawValue }
            }
        }
        return nil
    }

    /// The official SafeMigration contracts by the release they migrate to: a Safe delegatecalls
    /// one to move its own singleton (and fallback handler) to that release.
    public static let safeMigrations: [SafeVersion: Address] = [
        .v1_4_1: address("0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6"),
        .v1_5_0: address("0x6439e7ABD8Bb915A5263094784C5CF561c4172AC"),
    ]

    /// The contracts a Safe of `version` is expected to delegatecall besides a MultiSend: its
    /// release's SignMessageLib, every official SafeMigration, and SafeToL2Migration.
    public static func releaseDelegates(_ version: SafeVersion) -> Set<Address> {
        Set(canonical(version).signMessageLib.map { [$0] } ?? []).union(safeMigrations.values).union([safeToL2Migration])
    }

    /// Every official MultiSend and MultiSendCallOnly (1.3.0 in both its deployments, 1.4.1,
    /// 1.5.0): the contracts a Safe is expected to delegatecall.
    public static let knownMultiSend: Set<Address> = Set([
        "0xA238CBeb142c10Ef7Ad8442C6D1f9E89e07e7761", "0x998739BFdAAdde7C933B942a68053933098f9EDa",
        "0x40A2aCCbd92BCA938b02010E17A5b8929b49130D", "0xA1dabEF33b3B82c7814B6D82A79e50F4AC44102B",
        "0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526", "0x9641d764fc13c8B624c04430C7356C1C7C8102e2",
        "0x218543288004CD07832472D464648173c77D7eB7", "0xA83c336B20401Af773B6219BA5027174338D1836",
    ].map { address($0.lowercased()) })
}
