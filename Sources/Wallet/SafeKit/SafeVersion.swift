/// A Safe contract version. Transactions hash differently across versions, so every release the
/// hash vectors cover is known; Bifrost builds calls for the `supported` ones.
public enum SafeVersion: String, CaseIterable, Sendable, Comparable {
    case v0_1_0 = "0.1.0"
    case v1_0_0 = "1.0.0"
    case v1_1_1 = "1.1.1"
    case v1_2_0 = "1.2.0"
    case v1_3_0 = "1.3.0"
    case v1_4_1 = "1.4.1"
    case v1_5_0 = "1.5.0"

    /// The versions whose calls, events and deployments Bifrost uses.
    public static let supported: [SafeVersion] = [.v1_3_0, .v1_4_1, .v1_5_0]

    /// Whether Bifrost builds transactions for this version.
    public var isSupported: Bool { Self.supported.contains(self) }

    /// Older releases Bifrost reads, signs, executes, creates when asked, and upgrades, though they
    /// lack what later ones have (a guard, `simulateAndRevert`; 1.0.0 also a fallback handler).
    public static let legacy: [SafeVersion] = [.v1_0_0, .v1_1_1]

    /// Whether Bifrost reads, signs and executes for this version: `supported` or `legacy`.
    public var isUsable: Bool { isSupported || Self.legacy.contains(self) }

    /// Whether the Safe has a fallback handler (`setFallbackHandler`, from 1.1.0 on).
    public var hasFallbackHandler: Bool { self >= .v1_1_1 }

    /// Whether the Safe can have a transaction guard (`setGuard`, from 1.3.0 on).
    public var hasGuard: Bool { self >= .v1_3_0 }

    /// Whether a successful execution logs `ExecutionSuccess`; 1.0.0 logs only `ExecutionFailed`.
    public var logsSuccess: Bool { self >= .v1_1_1 }

    /// Whether the module list is read with `getModulesPaginated` (from 1.1.0 on) rather than `getModules()`.
    public var hasPaginatedModules: Bool { self >= .v1_1_1 }

    /// The EIP-712 domain: chain ID and contract from 1.3.0 on, the contract alone before.
    public var domainTypeString: String {
        self >= .v1_3_0 ? "EIP712Domain(uint256 chainId,address verifyingContract)" : "EIP712Domain(address verifyingContract)"
    }

    /// Whether the domain separator includes the chain ID.
    public var domainHasChainID: Bool { self >= .v1_3_0 }

    /// The `SafeTx` struct type; 0.1.0 called `baseGas` `dataGas`.
    public var safeTxTypeString: String {
        let gas = self == .v0_1_0 ? "dataGas" : "baseGas"
        return "SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 \(gas),uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)"
    }

    /// The version a contract's `VERSION()` reports, ignoring a `+L2` style suffix.
    public init?(reported: String) {
        let core = reported.split(whereSeparator: { $0 == "+" || $0 == "-" || $0 == " " }).first.map(String.init) ?? reported
        self.init(rawValue: core)
    }

    public static func < (lhs: SafeVersion, rhs: SafeVersion) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
