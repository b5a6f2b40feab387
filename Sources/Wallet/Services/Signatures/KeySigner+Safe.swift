import EthereumKit
import SafeKit

extension KeySigner {
    /// An owner's ECDSA confirmation of the EIP-712 `preimage` of a Safe transaction or message
    /// (its hash is the safeTxHash or SafeMessage hash), its owner recovered from the signature.
    public func safeSignature(preimage: [UInt8]) async throws -> SafeSignature {
        let signature = try await signTypedData(preimage: preimage)
        return try SafeSignature(bytes: signature.rsv, safeTxHash: Keccak256.hash(preimage))
    }

    /// An owner's `eth_sign` confirmation (v 31/32) of `safeTxHash`: the EIP-191 signature of the
    /// hash's 32 bytes, for a device or a policy that signs no EIP-712 hashes.
    public func safeEthSignSignature(safeTxHash: [UInt8]) async throws -> SafeSignature {
        let signature = try await signPersonalMessage(safeTxHash)
        return try SafeSignature.fromEthSign(signature.rsv, safeTxHash: safeTxHash)
    }
}
