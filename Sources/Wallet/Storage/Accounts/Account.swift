import EthereumKit
import Foundation

/// How the secret behind a named key came into the vault.
public enum AccountKind: String, Sendable, CaseIterable, Codable {
    /// A recovery phrase created or imported here; its accounts are derived by BIP32 path.
    case mnemonic
    /// A raw private key that was imported.
    case privateKey = "private-key"
    /// A keystore V3 file that was imported.
    case keystore
    /// A key that stays on a Ledger: only its address and BIP32 path are stored, no secret.
    case ledger
}

/// A named key as the rest of Bifrost sees it: the non-secret metadata only.
public struct Account: Sendable, Hashable {
    public let name: String
    public let address: Address
    public let kind: AccountKind
    /// The BIP32 path for mnemonic-backed keys and keys on a Ledger.
    public let derivationPath: String?
    public let createdAt: Date

    /// Whether the key stays on a hardware wallet: no secret of it is in the vault.
    public var isOnDevice: Bool { kind == .ledger }

    /// An account entity.
    public init(name: String, address: Address, kind: AccountKind, derivationPath: String?, createdAt: Date) {
        self.name = name
        self.address = address
        self.kind = kind
        self.derivationPath = derivationPath
        self.createdAt = createdAt
    }
}
