import Storage

/// Why a key operation was refused.
public enum VaultError: Error, Equatable, Sendable, CustomStringConvertible {
    case nameTaken(String)
    case notFound(String)
    case noMnemonic(String)
    case invalidPrivateKey
    case emptyPassword
    /// A new password holds a carriage return or a line feed, which no secret reader yields.
    case passwordLineBreak
    /// A new password holds U+FFFD, the mark a lossy decoder leaves for bytes that are not UTF-8.
    case passwordReplacementCharacter
    /// The legacy form of a passphrase file was asked for, but the file does not end with `\r\n`,
    /// so an older Bifrost read it as Bifrost does now.
    case passphraseWithoutCRLF
    /// The key stays on a hardware wallet: there is no secret here to unlock, show or export.
    case onDevice(String)

    public var description: String {
        switch self {
        case .nameTaken(let n): return "a key named '\(n)' already exists"
        case .notFound(let n): return "no key named '\(n)'"
        case .noMnemonic(let n): return "'\(n)' was not created from a recovery phrase, so there is none to show"
        case .invalidPrivateKey: return "not a valid private key (expected 32 bytes of hex)"
        case .emptyPassword: return "the vault password must not be empty"
        case .passwordLineBreak: return "the vault password must be one line, without a carriage return or a line feed"
        case .passwordReplacementCharacter:
            return "the vault password holds U+FFFD, the replacement character for bytes that are not UTF-8; choose a password without it"
        case .onDevice(let n): return "'\(n)' is a key on a Ledger: its secret never leaves the device, so there is nothing here to unlock, show or export"
        case .passphraseWithoutCRLF:
            return "the passphrase file does not end with \\r\\n, so an older Bifrost read it as Bifrost does now: there is no other form of it to derive with"
        }
    }
}
