/// Accounts derived from a phrase, as the command line prints them in JSON (`key derive`).
public struct DerivedAccountsView: Codable, Sendable, Hashable {
    /// One account: its BIP-32 path and address.
    public struct Account: Codable, Sendable, Hashable {
        public var path: String
        public var address: String
    }

    public var accounts: [Account]

    /// The view of `accounts`.
    public init(_ accounts: [DerivedAccount]) {
        self.accounts = accounts.map { Account(path: $0.path.description, address: $0.address.checksummed) }
    }
}
