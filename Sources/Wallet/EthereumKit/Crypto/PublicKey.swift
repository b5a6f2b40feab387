import CSecp256k1

/// A secp256k1 public key.
public struct PublicKey: Sendable, Equatable {
    let raw: secp256k1_pubkey

    init(raw: secp256k1_pubkey) { self.raw = raw }

    /// Parses a 33-byte compressed or 65-byte uncompressed (`0x04`-prefixed) encoding.
    public init(bytes: [UInt8]) throws(KeyMaterialError) {
        var pub = secp256k1_pubkey()
        guard secp256k1_ec_pubkey_parse(Secp256k1Context.shared.raw, &pub, bytes, bytes.count) == 1 else {
            throw .invalidPublicKey
        }
        raw = pub
    }

    /// 65 bytes: `0x04` ‖ x ‖ y.
    public var uncompressed: [UInt8] { serialize(flags: bifrost_secp256k1_ec_uncompressed(), length: 65) }

    /// 33 bytes: `0x02`/`0x03` ‖ x.
    public var compressed: [UInt8] { serialize(flags: bifrost_secp256k1_ec_compressed(), length: 33) }

    /// 64 bytes x ‖ y, the form Ethereum hashes into an address.
    public var uncompressedXY: [UInt8] { Array(uncompressed.dropFirst()) }

    /// The Ethereum address of this key.
    public var address: Address { Address(publicKey: self) }

    /// Recovers the key that produced `signature` over `digest`.
    public static func recover(digest: [UInt8], signature: Signature) throws(KeyMaterialError) -> PublicKey {
        guard digest.count == 32 else { throw .recoveryFailed }
        let ctx = Secp256k1Context.shared.raw
        var sig = secp256k1_ecdsa_recoverable_signature()
        let compact = signature.r + signature.s
        guard compact.count == 64, signature.recoveryID <= 3,
              secp256k1_ecdsa_recoverable_signature_parse_compact(ctx, &sig, compact, Int32(signature.recoveryID)) == 1
        else { throw .invalidSignature }
        var pub = secp256k1_pubkey()
        guard secp256k1_ecdsa_recover(ctx, &pub, &sig, digest) == 1 else { throw .recoveryFailed }
        return PublicKey(raw: pub)
    }

    private func serialize(flags: UInt32, length: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        var len = length
        var pub = raw
        _ = secp256k1_ec_pubkey_serialize(Secp256k1Context.shared.raw, &out, &len, &pub, flags)
        return out
    }

    public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool { lhs.uncompressed == rhs.uncompressed }
}
