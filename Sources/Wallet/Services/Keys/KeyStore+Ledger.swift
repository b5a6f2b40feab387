import EthereumKit
import Networking
import Storage

extension KeyStore {
    /// Records the key a Ledger holds at `path` under `name`: the address the device reports, and
    /// the path; no secret, so nothing goes to the vault. With `verify`, the device also shows the
    /// address for the person to compare, and must confirm it.
    public func addLedger(name: String, path: DerivationPath, verify: Bool) async throws -> Account {
        try await checkAvailable(name)
        let app = LedgerEthereumApp(transport: try await ledger.open())
        _ = try await app.requireEthereumApp()
        let address = try await app.address(at: path, display: false)
        if verify {
            devicePrompts.give(.address(address, path: path.description))
            let shown = try await app.address(at: path, display: true)
            guard shown == address else { throw LedgerKeyError.verificationMismatch(reported: address, shown: shown) }
        }
        let account = Account(name: name, address: address, kind: .ledger, derivationPath: path.description, createdAt: now())
        guard try await registry.create(account, secrets: []) else { throw VaultError.nameTaken(name) }
        return account
    }

    /// The signer of `account`, a key on a Ledger.
    func ledgerSigner(_ account: Account) throws -> KeySigner {
        guard let text = account.derivationPath, let path = try? DerivationPath(text) else { throw LedgerKeyError.noPath(account.name) }
        return KeySigner(device: LedgerDeviceKey(name: account.name, address: account.address, path: path, connector: ledger,
                                                 prompts: devicePrompts))
    }
}
