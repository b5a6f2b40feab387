import BigInt

/// The short names Safe's apps and hosted services give chains (EIP-3770 prefixes: `eth`, `sep`,
/// `base`), by chain ID, for the chains Safe deploys on most.
public enum SafeChainShortNames {
    /// The short name of `chainID`; nil for a chain not listed.
    public static func shortName(_ chainID: BigUInt) -> String? { names[chainID] }

    private static let names: [BigUInt: String] = [
        1: "eth", 10: "oeth", 56: "bnb", 100: "gno", 137: "matic", 324: "zksync", 8453: "base", 42161: "arb1", 42220: "celo",
        43114: "avax", 59144: "linea", 84532: "basesep", 534352: "scr", 11155111: "sep",
    ]
}
