import Foundation
import Storage
import Synchronization

/// A line ending an older Bifrost kept at the end of a password: a CRLF password file kept
/// `\r\n`, `BIFROST_PASSWORD=$(cat FILE)` of such a file kept `\r`, a variable set with its
/// newline kept `\n`. Secrets encrypted under those forms must still open (see `SecretText`,
/// which never yields a password that ends so). Only secrets that may have been encrypted so are
/// tried under them, so a wrong password costs one key derivation everywhere else.
public enum LegacyLineEnding: String, Sendable, CaseIterable {
    /// `\r\n`, which an older `--password-file` or `--passphrase-file` kept of a CRLF file (it
    /// read `\r\n` as one Character, which its `\n` check missed).
    case crlf = "\r\n"
    /// `\r`, which `BIFROST_PASSWORD=$(cat FILE)` of a CRLF file kept (the shell drops the `\n`).
    case cr = "\r"
    /// `\n`, which a variable set with its newline kept (an older Bifrost took variables as they were).
    case lf = "\n"

    /// The legacy forms worth trying for a secret opened with `reading`: what an older Bifrost
    /// made of the same bytes. A CRLF file gave `\r\n` to its file reader and `\r` through
    /// `$(cat FILE)`; a variable kept whatever ending it had; an LF file or a file without an
    /// ending read as it does now. What was typed says nothing of how the secret was stored, so it
    /// gets one extra try, the commonest form (a password file saved on Windows).
    public static func forms(of reading: SecretReading) -> [LegacyLineEnding] {
        switch (reading.source, reading.droppedEnding) {
        case (.file, .crlf?), (.variable, .cr?): return [.crlf, .cr]
        case (.variable, let ending?): return [ending]
        case (.file, _), (.variable, nil): return []
        case (.typed, _): return [.crlf]
        }
    }

    /// The legacy forms worth trying for a vault key whose password has `form`: none for one
    /// stored as read now, the ending it opened with before for one known to need it, and every
    /// one for a key an older Bifrost stored that has not opened since (`nil`).
    static func forms(of form: KeyPasswordForm?) -> [LegacyLineEnding] {
        switch form {
        case .asRead?: return []
        case .withEnding(let text)?: return LegacyLineEnding(rawValue: text).map { [$0] } ?? allCases
        case nil: return allCases
        }
    }

    /// Whether `password` could have been read by `SecretText`, which never yields a line break:
    /// only then does a secret that opens under it show the key is stored under the password as read.
    static func isReadForm(_ password: String) -> Bool {
        !password.unicodeScalars.contains { $0 == "\r" || $0 == "\n" }
    }

    /// Runs `attempt` with `password`; if that is the wrong password, with it and each of
    /// `endings` in turn. Returns what opened and the ending that had to be added, nil when none did.
    static func opening<T>(_ password: String, trying endings: [LegacyLineEnding],
                           _ attempt: (String) throws -> T) throws -> (value: T, ending: LegacyLineEnding?) {
        do { return (try attempt(password), nil) } catch KeystoreFileError.wrongPassword {
            for ending in endings {
                do { return (try attempt(password + ending.rawValue), ending) } catch KeystoreFileError.wrongPassword { continue }
            }
            throw KeystoreFileError.wrongPassword
        }
    }
}

/// What a person should know of how a key's secrets were read, as data; each front end words it.
public enum KeyNotice: Sendable, Equatable {
    /// The vault key `name` opened only under the password with `ending` added, as an older
    /// Bifrost stored it; re-encrypting the key under the password as read now ends this.
    case legacyPassword(name: String, ending: LegacyLineEnding)
    /// A keystore file opened only under the password with `ending` added (as an older Bifrost
    /// exported it with a password file's line ending kept).
    case legacyKeystorePassword(ending: LegacyLineEnding)
    /// A passphrase file ended with `\r\n`, which an older Bifrost kept in the passphrase: the
    /// account at `path` is `used` under the form the accounts were derived with (the `\r\n`
    /// kept when `keptCRLF`), and `other` under the other form (`PassphraseFile`).
    case legacyPassphrase(keptCRLF: Bool, path: String, used: Address, other: Address)
}

/// Where the key store's notices go: a front end's words, or nowhere (`silent`). Each notice is
/// given once per store, however often the key is opened.
public final class KeyNotices: Sendable {
    private let report: @Sendable (KeyNotice) -> Void
    private let given = Mutex<[KeyNotice]>([])

    /// Notices handed to `report`.
    public init(report: @escaping @Sendable (KeyNotice) -> Void) { self.report = report }

    /// Notices nobody hears.
    public static var silent: KeyNotices { KeyNotices { _ in } }

    func give(_ notice: KeyNotice) {
        let first = given.withLock { given in
            if given.contains(notice) { return false }
            given.append(notice)
            return true
        }
        if first { report(notice) }
    }
}
