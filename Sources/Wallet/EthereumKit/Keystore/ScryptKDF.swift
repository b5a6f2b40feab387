import Crypto
import _CryptoExtras

/// scrypt for keystore files: BoringSSL where it can, a Swift fallback for legacy files.
///
/// The decision. The original Web3 Secret Storage wiki example, kept in ethereum/tests
/// (`KeyStoreTests` test2) and go-ethereum's test data, uses N=262144, r=1, p=8. RFC 7914
/// requires N < 2^(128·r/8), which for r=1 means N < 65536, and BoringSSL (swift-crypto's
/// `KDF.Scrypt`) refuses it. geth, eth-account and ethers derive such files without complaint, and
/// real files written with them exist, so Bifrost reads them too:
/// - parameters within RFC 7914 go to BoringSSL (the fast path, used for everything Bifrost writes);
/// - out-of-limit parameters go to `SwiftScrypt`, a small implementation of RFC 7914 in Swift
///   (Salsa20/8, BlockMix, ROMix, with swift-crypto's PBKDF2-HMAC-SHA256 for the outer steps). The
///   same fallback covers in-limit parameters that BoringSSL still refuses because swift-crypto
///   3.12.3 drops the `maxMemory` argument and BoringSSL's default memory cap is too tight (for
///   example r > 16 with p = 1);
/// - Bifrost never writes out-of-limit parameters (`ScryptParameters.checkWritable`);
/// - whatever the path, parameters from a file must first pass `ScryptParameters.checkAcceptable`
///   (N a power of two ≤ 2^22, r·p ≤ 1024, table ≤ 1 GiB, work ≤ 32 × standard), so a hostile file
///   cannot exhaust memory or CPU.
enum ScryptKDF {
    /// Which implementation derived (or would derive) a key.
    enum Backend: Equatable {
        case boringSSL
        case swift
    }

    /// The backend chosen for acceptable `parameters`.
    static func preferredBackend(for parameters: ScryptParameters) -> Backend {
        parameters.isWithinRFC7914 ? .boringSSL : .swift
    }

    /// scrypt(password, salt, n, r, p, dkLen) after checking the parameters are acceptable.
    static func deriveKey(
        password: [UInt8], salt: [UInt8], parameters: ScryptParameters, outputByteCount: Int
    ) throws(KeystoreFileError) -> [UInt8] {
        try parameters.checkAcceptable()
        if preferredBackend(for: parameters) == .boringSSL,
           let key = try? boringSSL(password: password, salt: salt, parameters: parameters, outputByteCount: outputByteCount) {
            return key
        }
        return try SwiftScrypt.deriveKey(password: password, salt: salt, parameters: parameters, outputByteCount: outputByteCount)
    }

    /// BoringSSL's scrypt through swift-crypto; throws for parameters it refuses.
    static func boringSSL(
        password: [UInt8], salt: [UInt8], parameters: ScryptParameters, outputByteCount: Int
    ) throws(KeystoreFileError) -> [UInt8] {
        do {
            let key = try KDF.Scrypt.deriveKey(
                from: password, salt: salt, outputByteCount: outputByteCount,
                rounds: parameters.n, blockSize: parameters.r, parallelism: parameters.p,
                maxMemory: 128 * parameters.r * (parameters.n + parameters.p + 1) + 4096
            )
            return key.withUnsafeBytes { Array($0) }
        } catch {
            throw .kdfFailed("scrypt: \(error)")
        }
    }

    /// PBKDF2-HMAC-SHA256 through swift-crypto, any round count.
    static func pbkdf2SHA256(
        password: [UInt8], salt: [UInt8], rounds: Int, outputByteCount: Int
    ) throws(KeystoreFileError) -> [UInt8] {
        do {
            let key = try KDF.Insecure.PBKDF2.deriveKey(
                from: password, salt: salt, using: .sha256,
                outputByteCount: outputByteCount, unsafeUncheckedRounds: rounds
            )
            return key.withUnsafeBytes { Array($0) }
        } catch {
            throw .kdfFailed("pbkdf2: \(error)")
        }
    }
}
