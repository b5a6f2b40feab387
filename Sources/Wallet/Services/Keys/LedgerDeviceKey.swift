import EthereumKit
import Networking
import Storage

/// A key on a Ledger running the Ethereum app, by its BIP32 path. Each signing opens the device,
/// checks that the Ethereum app is open and that the key at the path is still the one recorded
/// (another seed, or another device, is refused before anything is signed), tells the front end
/// what the device will show, and only then asks it.
struct LedgerDeviceKey: DeviceKey {
    let name: String
    let address: Address
    let path: DerivationPath
    let connector: LedgerConnector
    let prompts: DevicePrompts

    func signTypedData(_ hashes: TypedDataHashes) async throws -> Signature {
        let app = try await ready()
        prompts.give(.typedData(hashes, key: name))
        return try await app.signTypedDataHashes(domainHash: hashes.domainHash, messageHash: hashes.messageHash, at: path, expecting: address)
    }

    func signPersonalMessage(_ message: [UInt8]) async throws -> Signature {
        let app = try await ready()
        prompts.give(.message(message, key: name))
        return try await app.signPersonalMessage(message, at: path, expecting: address)
    }

    func signTransaction(_ transaction: Transaction) async throws -> SignedTransaction {
        let app = try await ready()
        prompts.give(.transaction(transaction, key: name))
        // The app checks the signature recovers to the key's address: a transaction from anyone else is refused.
        return try await app.signTransaction(transaction, at: path, expecting: address)
    }

    private func ready() async throws -> LedgerEthereumApp {
        let app = LedgerEthereumApp(transport: try await connector.open())
        _ = try await app.requireEthereumApp()
        let found = try await app.address(at: path, display: false)
        guard found == address else { throw LedgerKeyError.otherKey(name: name, expected: address, found: found, path: path.description) }
        return app
    }
}
