import BigInt
import EthereumKit
import Foundation

/// The signed requests a Safe Transaction Service takes to delete a pending transaction or to
/// add and remove a delegate. Each signs an EIP-712 message carrying an hourly counter (`totp`),
/// so a signature is good for its hour and the one after, and cannot be replayed later.
public enum ServiceAuthorization {
    /// The hourly counter at `time`: whole hours since 1970.
    public static func totp(at time: Date) -> BigUInt {
        BigUInt(max(0, Int64(time.timeIntervalSince1970.rounded(.down)) / 3600))
    }

    /// The counters a signature made at or just before `time` carries: this hour's and the last.
    public static func acceptedTOTPs(at time: Date) -> [BigUInt] {
        let now = totp(at: time)
        return now > 0 ? [now, now - 1] : [now]
    }

    /// The digest of `DeleteRequest(bytes32 safeTxHash, uint256 totp)`, in the domain of the Safe.
    public static func deleteDigest(safeTxHash: [UInt8], safe: Address, chainID: BigUInt, totp: BigUInt) -> [UInt8] {
        Keccak256.hash(preimage(primaryType: "DeleteRequest", fields: [("safeTxHash", "bytes32"), ("totp", "uint256")],
               message: [("safeTxHash", .string(Hex.encode(safeTxHash))), ("totp", .number(String(totp)))],
               chainID: chainID, verifyingContract: safe))
    }

    /// The digest of `Delegate(address delegateAddress, uint256 totp)`, in the chain's domain.
    public static func delegateDigest(delegate: Address, chainID: BigUInt, totp: BigUInt) -> [UInt8] {
        Keccak256.hash(delegatePreimage(delegate: delegate, chainID: chainID, totp: totp))
    }

    /// The EIP-712 preimage of `delegateDigest`, which a key on a hardware wallet signs by its two hashes.
    public static func delegatePreimage(delegate: Address, chainID: BigUInt, totp: BigUInt) -> [UInt8] {
        preimage(primaryType: "Delegate", fields: [("delegateAddress", "address"), ("totp", "uint256")],
               message: [("delegateAddress", .string(delegate.checksummed)), ("totp", .number(String(totp)))],
               chainID: chainID, verifyingContract: nil)
    }

    /// The v1 delegate routes' messages for `totp`: Keccak-256 of the delegate's checksummed address
    /// followed by the counter in decimal, and that hash as `eth_sign` signs it.
    public static func legacyDelegateDigests(delegate: Address, totp: BigUInt) -> [[UInt8]] {
        let hash = Keccak256.hash(Array((delegate.checksummed + String(totp)).utf8))
        return [hash, PersonalMessage.hash(hash)]
    }

    /// Whether one of `signers` signed `message` for this hour's or the last hour's counter at `time`.
    public static func isSigned(_ signature: [UInt8], byAnyOf signers: [Address], at time: Date,
                                message: (BigUInt) -> [UInt8]) -> Bool {
        isSigned(signature, byAnyOf: signers, at: time) { [message($0)] }
    }

    /// Whether one of `signers` signed one of the `messages` for this hour's or the last hour's counter at `time`.
    public static func isSigned(_ signature: [UInt8], byAnyOf signers: [Address], at time: Date,
                                messages: (BigUInt) -> [[UInt8]]) -> Bool {
        let digests = acceptedTOTPs(at: time).flatMap(messages)
        return signers.contains { isSigned(signature, by: $0, overAnyOf: digests) }
    }

    /// Whether `signature` (65 bytes, v 27/28) over one of `digests` was made by `signer`.
    public static func isSigned(_ signature: [UInt8], by signer: Address, overAnyOf digests: [[UInt8]]) -> Bool {
        guard signature.count == 65, signature[64] == 27 || signature[64] == 28 else { return false }
        let parts = Signature(r: Array(signature[0..<32]), s: Array(signature[32..<64]), recoveryID: signature[64] - 27)
        return digests.contains { digest in (try? PublicKey.recover(digest: digest, signature: parts).address) == signer }
    }

    private static func preimage(primaryType: String, fields: [(String, String)], message: [(key: String, value: JSONValue)],
                               chainID: BigUInt, verifyingContract: Address?) -> [UInt8] {
        var domainFields = [TypedData.Field(name: "name", type: "string"), TypedData.Field(name: "version", type: "string"),
                            TypedData.Field(name: "chainId", type: "uint256")]
        var domain: [(key: String, value: JSONValue)] = [("name", .string("Safe Transaction Service")), ("version", .string("1.0")),
                                                         ("chainId", .number(String(chainID)))]
        if let verifyingContract {
            domainFields.append(TypedData.Field(name: "verifyingContract", type: "address"))
            domain.append(("verifyingContract", .string(verifyingContract.checksummed)))
        }
        let typed = TypedData(types: ["EIP712Domain": domainFields, primaryType: fields.map { TypedData.Field(name: $0.0, type: $0.1) }],
                              primaryType: primaryType, domain: .object(domain), message: .object(message))
        // The types above are fixed and well formed, so encoding cannot fail.
        return (try? typed.preimage()) ?? []
    }
}
