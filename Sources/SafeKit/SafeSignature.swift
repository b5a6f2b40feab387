import BigInt
import EthereumKit

/// One owner's confirmation of a safeTxHash, in the 65-byte `r‖s‖v` form `execTransaction` reads.
public struct SafeSignature: Sendable, Hashable {
    /// How the Safe checks a signature, told apart by `v`.
    public enum Kind: Sendable, Hashable {
        /// ECDSA over the safeTxHash itself; v is 27 or 28.
        case ecdsa
        /// ECDSA over the EIP-191 `eth_sign` hash of the safeTxHash; v is 31 or 32.
        case ethSign
        /// v = 1: the owner approved the hash on chain with `approveHash`, or is the executor.
        case approvedHash
    }

    /// The owner this signature confirms for.
    public let owner: Address
    public let kind: Kind
    /// The 65 bytes as packed into `execTransaction`.
    public let bytes: [UInt8]

    /// ECDSA over `safeTxHash` with `key`: v 27/28.
    public static func sign(safeTxHash: [UInt8], with key: PrivateKey) throws(KeyError) -> SafeSignature {
        let sig = try key.sign(digest: safeTxHash)
        return SafeSignature(owner: key.address, kind: .ecdsa, bytes: sig.rsv)
    }

    /// An approved-hash marker for `owner`: r = owner, s = 0, v = 1.
    public static func approvedHash(by owner: Address) -> SafeSignature {
        let r = [UInt8](repeating: 0, count: 12) + owner.bytes
        return SafeSignature(owner: owner, kind: .approvedHash, bytes: r + [UInt8](repeating: 0, count: 32) + [1])
    }

    /// Reads one 65-byte signature for `safeTxHash`, recovering its owner the way the Safe does.
    public init(bytes: [UInt8], safeTxHash: [UInt8]) throws(SafeKitError) {
        guard bytes.count == 65 else { throw .signatureLength(bytes.count) }
        let v = bytes[64]
        let r = Array(bytes[0..<32]), s = Array(bytes[32..<64])
        switch v {
        case 1:
            guard r.prefix(12).allSatisfy({ $0 == 0 }) else { throw .invalidSignature("an approved-hash signature must carry an address in r") }
            self.init(owner: Address(word: r), kind: .approvedHash, bytes: bytes)
        case 27, 28:
            self.init(owner: try Self.recover(digest: safeTxHash, r: r, s: s, recoveryID: v - 27), kind: .ecdsa, bytes: bytes)
        case 31, 32:
            let digest = PersonalMessage.hash(safeTxHash)
            self.init(owner: try Self.recover(digest: digest, r: r, s: s, recoveryID: v - 31), kind: .ethSign, bytes: bytes)
        default:
            throw .unsupportedSignatureType(v: v)
        }
    }

    /// An `eth_sign`/`personal_sign` signature over the safeTxHash (v 27/28 from a wallet), shifted
    /// to v 31/32 so the Safe knows to apply the prefix.
    public static func fromEthSign(_ bytes: [UInt8], safeTxHash: [UInt8]) throws(SafeKitError) -> SafeSignature {
        guard bytes.count == 65 else { throw .signatureLength(bytes.count) }
        guard bytes[64] == 27 || bytes[64] == 28 else { throw .unsupportedSignatureType(v: bytes[64]) }
        return try SafeSignature(bytes: Array(bytes.prefix(64)) + [bytes[64] + 4], safeTxHash: safeTxHash)
    }

    init(owner: Address, kind: Kind, bytes: [UInt8]) {
        self.owner = owner
        self.kind = kind
        self.bytes = bytes
    }

    // Like the contract's ecrecover, high-s values are accepted: the owner, not the bytes, is what counts.
    private static func recover(digest: [UInt8], r: [UInt8], s: [UInt8], recoveryID: UInt8) throws(SafeKitError) -> Address {
        guard let key = try? PublicKey.recover(digest: digest, signature: Signature(r: r, s: s, recoveryID: recoveryID)) else {
            throw .invalidSignature("no signer can be recovered from it")
        }
        return key.address
    }

    /// Packs signatures the way `execTransaction` requires: sorted by owner, ascending, one per owner.
    public static func pack(_ signatures: [SafeSignature]) -> [UInt8] {
        var seen = Set<Address>()
        return signatures.sorted { $0.owner < $1.owner }.filter { seen.insert($0.owner).inserted }.flatMap(\.bytes)
    }

    /// Splits a packed blob into signatures and recovers each owner.
    public static func parse(packed: [UInt8], safeTxHash: [UInt8]) throws(SafeKitError) -> [SafeSignature] {
        guard packed.count % 65 == 0 else { throw .signatureLength(packed.count) }
        var result: [SafeSignature] = []
        var offset = 0
        while offset < packed.count {
            result.append(try SafeSignature(bytes: Array(packed[offset..<offset + 65]), safeTxHash: safeTxHash))
            offset += 65
        }
        return result
    }
}
