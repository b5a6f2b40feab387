import BigInt
import Storage

/// A Safe read from the chain, with its balances, in the JSON the command line prints (`safe info`).
public struct SafeView: Codable, Sendable, Hashable {
    public var address: String
    @NullWhenAbsent public var name: String?
    public var chainId: String
    public var version: String
    public var owners: [String]
    /// The owners that are contracts, such as another Safe.
    public var contractOwners: [String]
    public var threshold: JSONNumber
    public var nonce: JSONNumber
    public var balance: EtherBalanceView
    /// The ether balance in fiat at the cached rate; null when no rate was ever fetched.
    @NullWhenAbsent public var fiat: FiatValueView?
    public var tokens: [TokenBalanceView]
    public var modules: [String]
    public var fallbackHandler: String
    public var `guard`: String
    /// Storage slot 0, the contract the Safe runs; null when it was not read.
    @NullWhenAbsent public var singleton: String?
    /// What is off about the Safe's setup: a singleton, fallback handler or guard that is not a known release.
    public var risks: [SafeRiskView]
    /// False for a counterfactual Safe: its address is known and holds funds, and its first execution deploys it.
    public var deployed: Bool

    /// The view of `state`, with its fiat value when one is known.
    public init(_ state: SafeState, fiat: FiatValueView? = nil) {
        let s = state.safe
        address = s.address.checksummed
        name = s.name
        chainId = String(s.chainID)
        version = s.version
        owners = s.owners.map(\.checksummed)
        contractOwners = state.contractOwners.map(\.checksummed)
        threshold = JSONNumber(s.threshold)
        nonce = JSONNumber(s.nonce)
        balance = EtherBalanceView(state.balance)
        self.fiat = fiat
        tokens = state.tokens.map(TokenBalanceView.init)
        modules = s.modules.map(\.checksummed)
        fallbackHandler = s.fallbackHandler.checksummed
        self.guard = s.guardAddress.checksummed
        singleton = state.singleton?.checksummed
        risks = state.risks.map(SafeRiskView.init)
        deployed = s.isDeployed
    }
}

/// A followed Safe as last stored, in a list (`safe list`).
public struct SafeSummaryView: Codable, Sendable, Hashable {
    public var address: String
    @NullWhenAbsent public var name: String?
    public var chainId: String
    public var version: String
    public var threshold: JSONNumber
    /// How many owners it has.
    public var owners: JSONNumber
    public var nonce: JSONNumber
    /// False until a counterfactual Safe's first execution deploys it.
    public var deployed: Bool

    /// The view of `safe`.
    public init(_ safe: Safe) {
        address = safe.address.checksummed
        name = safe.name
        chainId = String(safe.chainID)
        version = safe.version
        threshold = JSONNumber(safe.threshold)
        owners = JSONNumber(safe.owners.count)
        nonce = JSONNumber(safe.nonce)
        deployed = safe.isDeployed
    }
}
