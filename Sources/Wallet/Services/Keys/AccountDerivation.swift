import Storage

/// One derived account.
public struct DerivedAccount: Sendable, Equatable {
    public let path: DerivationPath
    public let address: Address
}

/// BIP32/BIP44 derivation of Ethereum accounts from a phrase; offline, touches no storage. Shaped
/// like the other offline helpers (ABICodec, OfflineTransactions, MessageSigner).
public struct AccountDerivation: Sendable {
    /// The service; it holds nothing.
    public init() {}

    /// The private key at `path`.
    public func key(mnemonic: Mnemonic, passphrase: String, path: DerivationPath) throws -> PrivateKey {
        let node = try ExtendedKey.master(seed: mnemonic.seed(passphrase: passphrase)).derive(path)
        guard let key = node.privateKey else { throw BIP32Error.derivationFailed }
        return key
    }

    /// Accounts `m/44'/60'/0'/0/i` for `i` in `start ..< start + count`, sharing the parent derivation.
    public func accounts(mnemonic: Mnemonic, passphrase: String, start: UInt32, count: UInt32) throws -> [DerivedAccount] {
        let end = UInt64(start) + UInt64(count)
        guard end <= 0x8000_0000 else { throw BIP32Error.indexOutOfRange(end - 1) }
        let parent = try ExtendedKey.master(seed: mnemonic.seed(passphrase: passphrase))
            .derive(DerivationPath(components: Array(try DerivationPath.ethereum(index: 0).components.dropLast())))
        var out = [DerivedAccount]()
        for i in start..<UInt32(end) {
            let child = try parent.child(i)
            out.append(DerivedAccount(path: try .ethereum(index: i), address: child.publicKey.address))
        }
        return out
    }

    /// The account at an explicit path.
    public func account(mnemonic: Mnemonic, passphrase: String, path: DerivationPath) throws -> DerivedAccount {
        let node = try ExtendedKey.master(seed: mnemonic.seed(passphrase: passphrase)).derive(path)
        return DerivedAccount(path: path, address: node.publicKey.address)
    }
}
