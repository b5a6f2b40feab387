import CSecp256k1

/// Why key material or a signature was refused.
public enum KeyMaterialError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidPrivateKey
    case invalidPublicKey
    case invalidSignature
    case invalidRecoveryID(UInt64)
    case recoveryFailed
    case signingFailed

    public var description: String {
        switch self {
        case .invalidPrivateKey: return "not a valid secp256k1 private key (must be 32 bytes, non-zero and below the curve order)"
        case .invalidPublicKey: return "not a valid secp256k1 public key"
        case .invalidSignature: return "not a valid signature (expected 65 bytes r‖s‖v with r and s in range)"
        case .invalidRecoveryID(let v): return "invalid signature v value \(v)"
        case .recoveryFailed: return "no public key can be recovered from this signature and hash"
        case .signingFailed: return "libsecp256k1 refused to sign"
        }
    }
}

/// A secp256k1 private key. Its bytes are only reachable through `withUnsafeBytes` or an
/// explicit `exportBytes()`, so it is hard to print or log one by accident.
public struct PrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    private let secret: [UInt8]

    /// A key from 32 bytes; rejects zero and values not below the curve order.
    public init(bytes: [UInt8]) throws(KeyMaterialError) {
        guard bytes.count == 32,
              secp256k1_ec_seckey_verify(Secp256k1Context.shared.raw, bytes) == 1
        else { throw .invalidPrivateKey }
        secret = bytes
    }

    /// A key from hex, with or without `0x`.
    public init(hex: String) throws(KeyMaterialError) {
        guard let raw = try? Hex.decode(hex.trimmingWhitespace()) else { throw .invalidPrivateKey }
        try self.init(bytes: raw)
    }

    /// A fresh key from the system CSPRNG.
    public static func generate() -> PrivateKey {
        while true {
            if let key = try? PrivateKey(bytes: SecureRandom.bytes(32)) { return key }
        }
    }

    /// The matching public key.
    public var publicKey: PublicKey {
        var pub = secp256k1_pubkey()
        let ok = secret.withUnsafeBufferPointer { secp256k1_ec_pubkey_create(Secp256k1Context.shared.raw, &pub, $0.baseAddress!) }
        precondition(ok == 1, "a verified private key always has a public key")
        return PublicKey(raw: pub)
    }

    /// The Ethereum address of this key.
    public var address: Address { Address(publicKey: publicKey) }

    /// Signs a 32-byte digest deterministically (RFC 6979) with a low-s signature.
    public func sign(digest: [UInt8]) throws(KeyMaterialError) -> Signature {
        guard digest.count == 32 else { throw .signingFailed }
        let ctx = Secp256k1Context.shared.raw
        var sig = secp256k1_ecdsa_recoverable_signature()
        let ok = secret.withUnsafeBufferPointer { key in
            secp256k1_ecdsa_sign_recoverable(ctx, &sig, digest, key.baseAddress!, nil, nil)
        }
        guard ok == 1 else { throw .signingFailed }
        var compact = [UInt8](repeating: 0, count: 64)
        var recid: Int32 = 0
        _ = secp256k1_ecdsa_recoverable_signature_serialize_compact(ctx, &compact, &recid, &sig)
        return Signature(r: Array(compact[0..<32]), s: Array(compact[32..<64]), recoveryID: UInt8(recid))
    }

    /// The raw 32 bytes, for callers that must store or export the key on purpose.
    public func exportBytes() -> [UInt8] { secret }

    /// Gives temporary access to the secret bytes without copying them into a new owner.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try secret.withUnsafeBytes(body)
    }

    public var description: String { "PrivateKey(<redacted>)" }
    public var debugDescription: String { description }
}
