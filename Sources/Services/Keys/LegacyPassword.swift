import Foundation
import Storage
import Synchronization

/// A line ending an older Bifrost kept at the end of a password: a CRLF password file kept
/// `\r\n`, `BIFROST_PASSWORD=$(cat FILE)` of such a file kept `\r`, a variable set with its
/// newline kept `\n`. Secrets encrypted under those forms must still open (see `SecretText`,
/// which never yields a password that ends so).
public enum LegacyLineEnding: String, Sendable, CaseIterable {
    case crlf = "\r\n"
    case cr = "\r"
    case lf = "\n"

    /// Runs `attempt` with `password`; if that is the wrong password, with each legacy form of
    /// it in turn. Returns what opened and the ending that had to be added, nil when none did.
    static func opening<T>(_ password: String, _ attempt: (String) throws -> T) throws -> (value: T, ending: LegacyLineEnding?) {
        do { return (try attempt(password), nil) } catch KeystoreError.wrongPassword {
            for ending in allCases {
                do { return (try attempt(password + ending.rawValue), ending) } catch KeystoreError.wrongPassword { continue }
            }
            throw KeystoreError.wrongPassword
        }
    }
}

/// What the key store tells a person while it works, as data; each front end words it.
public enum KeyNotice: Sendable, Equatable {
    /// The vault key `name` opened only under the password with `ending` added, as an older
    /// Bifrost stored it; re-encrypting the key under the password as read now ends this.
    case legacyPassword(name: String, ending: LegacyLineEnding)
    /// A keystore file opened only under the password with `ending` added (as an older Bifrost
    /// exported it with a password file's line ending kept).
    case legacyKeystorePassword(ending: LegacyLineEnding)
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
