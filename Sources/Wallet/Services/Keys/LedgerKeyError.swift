import EthereumKit

/// Why a key on a Ledger cannot be added or used, beyond what the device itself answers (`LedgerError`).
public enum LedgerKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device holds another key at the path: another seed, another device, or a passphrase.
    case otherKey(name: String, expected: Address, found: Address, path: String)
    /// The address shown on the device for `--verify` differs from the one it reported before.
    case verificationMismatch(reported: Address, shown: Address)
    /// The key has no BIP32 path recorded, so the device cannot be asked for it.
    case noPath(String)

    public var description: String {
        switch self {
        case .otherKey(let name, let expected, let found, let path):
            return "the Ledger holds \(found.checksummed) at \(path), not \(expected.checksummed), the address of '\(name)': connect the device (and seed) the key was added from"
        case .verificationMismatch(let reported, let shown):
            return "the device reported \(reported.checksummed) but then showed \(shown.checksummed): the key was not added"
        case .noPath(let name):
            return "'\(name)' has no BIP32 path recorded, so the device cannot be asked for it: remove the key and add it from the device again"
        }
    }
}
