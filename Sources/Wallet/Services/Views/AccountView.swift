import Storage

/// A key of the vault in the JSON the command line prints (`key list`).
public struct AccountView: Codable, Sendable, Hashable {
    public var name: String
    public var address: String
    public var kind: String
    /// The BIP32 path of a key derived from a recovery phrase; null for an imported key.
    @NullWhenAbsent public var path: String?

    /// The view of `account`.
    public init(_ account: Account) {
        name = account.name
        address = account.address.checksummed
        kind = account.kind.rawValue
        path = account.derivationPath
    }
}

/// A key just created from a new recovery phrase, with the phrase: shown once, when asked for JSON.
public struct CreatedKeyView: Codable, Sendable, Hashable {
    public var name: String
    public var address: String
    @NullWhenAbsent public var path: String?
    public var mnemonic: String

    /// The view of a key just created from `mnemonic`; it holds the phrase, so it is made only
    /// to be shown to its owner.
    public init(account: Account, mnemonic: Mnemonic) {
        name = account.name
        address = account.address.checksummed
        path = account.derivationPath
        self.mnemonic = mnemonic.phrase
    }
}

/// A key just imported (a private key or a keystore file).
public struct ImportedKeyView: Codable, Sendable, Hashable {
    public var name: String
    public var address: String
    public var kind: String

    /// The view of `account`.
    public init(_ account: Account) {
        name = account.name
        address = account.address.checksummed
        kind = account.kind.rawValue
    }
}
