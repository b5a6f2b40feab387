/// The 78-byte BIP32 serialisation, as Base58Check `xprv…` / `xpub…` text (Bitcoin mainnet
/// versions, which Ethereum wallets use as well).
extension ExtendedKey {
    static let privateVersion: [UInt8] = [0x04, 0x88, 0xAD, 0xE4]
    static let publicVersion: [UInt8] = [0x04, 0x88, 0xB2, 0x1E]

    /// Parses `xprv…` or `xpub…` text, refusing every malformed case of BIP32 test vector 5.
    public init(serialized: String) throws(BIP32Error) {
        let payload: [UInt8]
        do throws(Base58Error) {
            payload = try Base58Check.decode(serialized)
        } catch {
            switch error {
            case .invalidChecksum: throw .invalidChecksum
            case .invalidCharacter, .tooShort: throw .invalidSerialization(error.description)
            }
        }
        guard payload.count == 78 else { throw .invalidSerialization("expected 78 bytes, found \(payload.count)") }

        let version = Array(payload[0..<4])
        let depth = payload[4]
        let parentFingerprint = Array(payload[5..<9])
        let childNumber = payload[9..<13].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let chainCode = Array(payload[13..<45])
        let keyData = Array(payload[45..<78])

        // A master key has no parent, so anything but zeros there means a forged or broken key.
        if depth == 0 {
            guard parentFingerprint == [0, 0, 0, 0] else {
                throw .invalidSerialization("depth 0 (a master key) with a non-zero parent fingerprint")
            }
            guard childNumber == 0 else { throw .invalidSerialization("depth 0 (a master key) with a non-zero child number") }
        }

        switch version {
        case Self.privateVersion:
            guard keyData[0] == 0 else { throw .invalidSerialization("xprv version without 0x00 before a private key") }
            guard let key = try? PrivateKey(bytes: Array(keyData[1...])) else { throw .invalidKey }
            self.init(depth: depth, parentFingerprint: parentFingerprint, childNumber: childNumber,
                      chainCode: chainCode, privateKey: key, publicKey: key.publicKey)
        case Self.publicVersion:
            guard keyData[0] != 0 else { throw .invalidSerialization("xpub version with a private key") }
            guard keyData[0] == 2 || keyData[0] == 3, let point = try? PublicKey(bytes: keyData) else { throw .invalidKey }
            self.init(depth: depth, parentFingerprint: parentFingerprint, childNumber: childNumber,
                      chainCode: chainCode, privateKey: nil, publicKey: point)
        default:
            throw .invalidSerialization("unknown version bytes \(Hex.encode(version)) (only xprv and xpub are supported)")
        }
    }

    /// The `xprv…` text, or nil when this key is public only.
    public var xprv: String? {
        guard let privateKey else { return nil }
        var payload = header(version: Self.privateVersion) + [0]
        privateKey.withUnsafeBytes { payload.append(contentsOf: $0) }
        defer { payload.resetBytes() }
        return Base58Check.encode(payload)
    }

    /// The `xpub…` text.
    public var xpub: String {
        Base58Check.encode(header(version: Self.publicVersion) + publicKey.compressed)
    }

    /// Version, depth, parent fingerprint, child number and chain code: the first 45 bytes.
    private func header(version: [UInt8]) -> [UInt8] {
        let index = [UInt8(childNumber >> 24), UInt8(childNumber >> 16 & 0xff), UInt8(childNumber >> 8 & 0xff), UInt8(childNumber & 0xff)]
        return version + [depth] + parentFingerprint + index + chainCode
    }
}
