import _CryptoExtras
import Foundation

extension Mnemonic {
    /// The 64-byte BIP39 seed: PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" + NFKD(passphrase).
    public func seed(passphrase: String = "") -> [UInt8] {
        var password = Array(phrase.decomposedStringWithCompatibilityMapping.utf8)
        var salt = Array(("mnemonic" + passphrase.decomposedStringWithCompatibilityMapping).utf8)
        defer {
            password.resetBytes()
            salt.resetBytes()
        }
        do {
            // BIP39 fixes 2048 rounds; the checked `rounds:` overload refuses anything below
            // 210,000, so the unchecked one is the only way to follow the standard.
            let key = try KDF.Insecure.PBKDF2.deriveKey(
                from: password, salt: salt, using: .sha512, outputByteCount: 64, unsafeUncheckedRounds: 2048
            )
            return key.withUnsafeBytes { Array($0) }
        } catch {
            preconditionFailure("PBKDF2-HMAC-SHA512 with BIP39's fixed parameters cannot fail: \(error)")
        }
    }
}
