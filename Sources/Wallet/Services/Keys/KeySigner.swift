import EthereumKit
import Storage

/// A key ready to sign: a key from the vault or given raw, or one that stays on a hardware wallet.
/// Every signing path asks it for what a device can sign (EIP-712 by its two hashes, an EIP-191
/// message, a transaction), so a key on a device signs wherever a vault key does.
public struct KeySigner: Sendable {
    /// The address the key signs for.
    public let address: Address
    let backend: Backend

    enum Backend: Sendable {
        case local(PrivateKey)
        case device(any DeviceKey)
    }

    /// A signer over a key held in memory.
    public init(key: PrivateKey) {
        self.address = key.address
        self.backend = .local(key)
    }

    /// A signer over a key on a hardware wallet.
    public init(device: any DeviceKey) {
        self.address = device.address
        self.backend = .device(device)
    }

    /// Whether the key lives on a device, which the person confirms on.
    public var isOnDevice: Bool {
        if case .device = backend { return true }
        return false
    }

    /// Signs the EIP-712 `preimage` (`0x19 ‖ 0x01 ‖ domain hash ‖ message hash`): its hash, which a
    /// device is given as the two hashes it shows.
    public func signTypedData(preimage: [UInt8]) async throws -> Signature {
        switch backend {
        case .local(let key): return try key.sign(digest: Keccak256.hash(preimage))
        case .device(let device): return try await device.signTypedData(try TypedDataHashes(preimage: preimage))
        }
    }

    /// Signs `message` the way `personal_sign` does (EIP-191).
    public func signPersonalMessage(_ message: [UInt8]) async throws -> Signature {
        switch backend {
        case .local(let key): return try key.sign(digest: PersonalMessage.hash(message))
        case .device(let device): return try await device.signPersonalMessage(message)
        }
    }

    /// Signs `transaction` for broadcast.
    public func signTransaction(_ transaction: Transaction) async throws -> SignedTransaction {
        switch backend {
        case .local(let key): return try transaction.sign(with: key)
        case .device(let device): return try await device.signTransaction(transaction)
        }
    }
}

/// A key on a hardware wallet: it signs only what the device itself shows and confirms, and
/// returns only signatures that recover to `address` (a device holding another key is refused there).
public protocol DeviceKey: Sendable {
    /// The address the device holds the key of, as recorded when the key was added.
    var address: Address { get }
    /// Signs an EIP-712 message by its domain hash and message hash.
    func signTypedData(_ hashes: TypedDataHashes) async throws -> Signature
    /// Signs an EIP-191 personal message.
    func signPersonalMessage(_ message: [UInt8]) async throws -> Signature
    /// Signs a transaction.
    func signTransaction(_ transaction: Transaction) async throws -> SignedTransaction
}
