import EthereumKit
import SafeKit

/// Why a signature a key made does not stand as that key's.
public enum KeySignerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The signature recovers to another address: a device holding another seed, or the wrong path.
    case signedByAnotherKey(expected: Address, signer: Address)

    public var description: String {
        switch self {
        case .signedByAnotherKey(let expected, let signer):
            return "the signature is \(signer.checksummed)'s, not \(expected.checksummed)'s: is this the device (and path) the key was added from?"
        }
    }
}

extension KeySigner {
    /// An owner's ECDSA confirmation of the EIP-712 `preimage` of a Safe transaction or message
    /// (its hash is the safeTxHash or SafeMessage hash), recovered and checked to be this key's.
    public func safeSignature(preimage: [UInt8]) async throws -> SafeSignature {
        let signature = try await signTypedData(preimage: preimage)
        return try checked(SafeSignature(bytes: signature.rsv, safeTxHash: Keccak256.hash(preimage)))
    }

    /// An owner's `eth_sign` confirmation (v 31/32) of `safeTxHash`: the EIP-191 signature of the
    /// hash's 32 bytes, for a device or a policy that signs no EIP-712 hashes.
    public func safeEthSignSignature(safeTxHash: [UInt8]) async throws -> SafeSignature {
        let signature = try await signPersonalMessage(safeTxHash)
        return try checked(SafeSignature.fromEthSign(signature.rsv, safeTxHash: safeTxHash))
    }

    private func checked(_ signature: SafeSignature) throws(KeySignerError) -> SafeSignature {
        guard signature.owner == address else { throw .signedByAnotherKey(expected: address, signer: signature.owner) }
        return signature
    }
}
