import Services

/// The command line's words for what the key store tells a person (`KeyNotice`): on standard
/// error, never with a password in them.
enum KeyNoticeWording {
    /// Notices worded here and written to the console of the moment.
    static var console: KeyNotices { KeyNotices { notice in Console.current.err(text(for: notice)) } }

    static func text(for notice: KeyNotice) -> String {
        switch notice {
        case .legacyPassword(let name, let ending):
            return "warning: key '\(name)' opened only under its password with a \(words(ending)) after it, as an older Bifrost stored it; "
                + "run 'bifrost key re-encrypt --name \(name)' with the same password to store it under the password as read now"
        case .legacyKeystorePassword(let ending):
            return "warning: the keystore file opened only under its password with a \(words(ending)) after it, as an older Bifrost exported it; "
                + "the imported key is stored under the vault password as read now"
        case .legacyPassphrase(let keptCRLF, let path, let used, let other):
            let (now, older) = keptCRLF ? (other, used) : (used, other)
            return "note: the passphrase file ends with \\r\\n, which Bifrost drops; a Bifrost older than its one secret-file rule kept it "
                + "in the passphrase, which gives other accounts. At \(path): \(now.checksummed) with the \\r\\n dropped, "
                + "\(older.checksummed) with it kept. "
                + (keptCRLF ? "These accounts are derived with it kept (--passphrase-keeps-crlf)."
                            : "These accounts are derived with it dropped; if your funds are at the other address, add --passphrase-keeps-crlf.")
        }
    }

    private static func words(_ ending: LegacyLineEnding) -> String {
        switch ending {
        case .crlf: return "line ending \\r\\n"
        case .cr: return "carriage return \\r"
        case .lf: return "line feed \\n"
        }
    }
}
