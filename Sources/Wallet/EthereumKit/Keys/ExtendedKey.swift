import Crypto

/// A BIP32 extended key: a secp256k1 key plus the chain code that derives its children.
/// With a private key it derives both kinds of children; neutered, only non-hardened ones.
public struct ExtendedKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// 0 for the master key, one more for each derivation step.
    public let depth: UInt8
    /// The first 4 bytes of the parent's HASH160, zero for the master key.
    public let parentFingerprint: [UInt8]
    /// The index this key was derived with; hardened ones carry `0x8000_0000`.
    public let childNumber: UInt32
    /// The 32-byte chain code, secret material together with any child private key.
    public let chainCode: [UInt8]
    /// The private key, nil when this key is public only.
    public let privateKey: PrivateKey?
    /// The public key.
    public let publicKey: PublicKey

    init(depth: UInt8, parentFingerprint: [UInt8], childNumber: UInt32, chainCode: [UInt8],
         privateKey: PrivateKey?, publicKey: PublicKey) {
        self.depth = depth
        self.parentFingerprint = parentFingerprint
        self.childNumber = childNumber
        self.chainCode = chainCode
        self.privateKey = privateKey
        self.publicKey = publicKey
    }

    /// The master key of `seed` (16 to 64 bytes): HMAC-SHA512 keyed with "Bitcoin seed".
    public static func master(seed: [UInt8]) throws(BIP32Error) -> ExtendedKey {
        guard seed.count >= 16, seed.count <= 64 else { throw .invalidSeed }
        var i = hmacSHA512(key: Array("Bitcoin seed".utf8), data: seed)
        defer { i.resetBytes() }
        // IL of zero or at least n leaves no master key (BIP32: "the master key is invalid").
        guard let key = try? PrivateKey(bytes: Array(i[0..<32])) else { throw .invalidSeed }
        return ExtendedKey(depth: 0, parentFingerprint: [0, 0, 0, 0], childNumber: 0,
                           chainCode: Array(i[32..<64]), privateKey: key, publicKey: key.publicKey)
    }

    /// The child at `index`; hardened indices (`0x8000_0000` set) need the private key.
    public func child(_ index: UInt32) throws(BIP32Error) -> ExtendedKey {
        guard depth < UInt8.max else { throw .derivationFailed }
        var data: [UInt8]
        if index & DerivationPath.hardenedBit != 0 {
            guard let privateKey else { throw .hardenedFromPublic }
            data = [0]
            privateKey.withUnsafeBytes { data.append(contentsOf: $0) }
        } else {
            data = publicKey.compressed
        }
        data += [UInt8(index >> 24), UInt8(index >> 16 & 0xff), UInt8(index >> 8 & 0xff), UInt8(index & 0xff)]
        var i = Self.hmacSHA512(key: chainCode, data: data)
        var tweak = Array(i[0..<32])
        defer {
            data.resetBytes()
            i.resetBytes()
            tweak.resetBytes()
        }
        let childPrivate: PrivateKey?
        let childPublic: PublicKey
        if let privateKey {
            // A tweak of at least n, or a zero sum, makes this index invalid (BIP32 says skip it).
            guard let key = privateKey.tweakAdded(tweak) else { throw .derivationFailed }
            childPrivate = key
            childPublic = key.publicKey
        } else {
            guard let point = publicKey.tweakAdded(tweak) else { throw .derivationFailed }
            childPrivate = nil
            childPublic = point
        }
        return ExtendedKey(depth: depth + 1, parentFingerprint: fingerprint, childNumber: index,
                           chainCode: Array(i[32..<64]), privateKey: childPrivate, publicKey: childPublic)
    }

    /// Follows every step of `path` from this key (normally the master key).
    public func derive(_ path: DerivationPath) throws(BIP32Error) -> ExtendedKey {
        var key = self
        for index in path.components { key = try key.child(index) }
        return key
    }

    /// The same key without its private half, safe to hand to a watch-only wallet.
    public var neutered: ExtendedKey {
        ExtendedKey(depth: depth, parentFingerprint: parentFingerprint, childNumber: childNumber,
                    chainCode: chainCode, privateKey: nil, publicKey: publicKey)
    }

    /// The first 4 bytes of HASH160 (RIPEMD-160 of SHA-256) of the compressed public key.
    public var fingerprint: [UInt8] {
        Array(RIPEMD160.hash(Array(SHA256.hash(data: publicKey.compressed))).prefix(4))
    }

    /// Shows depth, child number and fingerprint only, never the chain code or key.
    public var description: String {
        let kind = privateKey == nil ? "public" : "private"
        return "ExtendedKey(\(kind), depth \(depth), child \(childNumber), fingerprint \(Hex.encode(fingerprint)))"
    }

    public var debugDescription: String { description }

    static func hmacSHA512(key: [UInt8], data: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA512>.authenticationCode(for: data, using: SymmetricKey(data: key)))
    }
}
