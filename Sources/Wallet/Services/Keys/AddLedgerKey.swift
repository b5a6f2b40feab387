import EthereumKit
import Storage

/// Records the key a Ledger holds at `path` under `name`, asking the device for the address (and
/// showing it there to compare with `verify`); nothing secret is stored.
public struct AddLedgerKey: KeyAction {
    public let name: String
    public let path: DerivationPath
    public let verify: Bool
    public init(name: String, path: DerivationPath, verify: Bool) {
        self.name = name
        self.path = path
        self.verify = verify
    }
    public func perform(on store: KeyStore) async throws -> Account { try await store.addLedger(name: name, path: path, verify: verify) }
}
