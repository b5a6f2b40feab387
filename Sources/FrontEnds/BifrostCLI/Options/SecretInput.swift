import Services

/// The command line's side of `SecretText`: every secret file an option names, and every secret
/// variable, is read by that one rule; here its refusals get the option's name.
enum SecretInput {
    /// How a secret file reads, for the help of every option that takes one.
    static let fileRule = "one line: a final \\n or \\r\\n is dropped, nothing else is trimmed; more lines, a byte order mark, or bytes that are not UTF-8 are refused"

    /// The secret in the file `option` names (`-` is standard input). `madeSomething`: an older
    /// Bifrost stored or derived something from this option's secret (a password, a passphrase),
    /// so a refusal says how to get it back.
    static func file(_ path: String, option: String, madeSomething: Bool = false) throws -> String {
        try fileReading(path, option: option, madeSomething: madeSomething).text
    }

    /// `file`, with what the reading dropped (which says what an older Bifrost made of the file).
    static func fileReading(_ path: String, option: String, madeSomething: Bool = false) throws -> SecretReading {
        do { return try SecretText.fileReading(path) } catch {
            throw InputError(option: option, reason: reason(error, source: path, madeSomething: madeSomething))
        }
    }

    /// The secret in the variable `name`; nil when it is unset or empty; `madeSomething` as for `file`.
    static func variable(_ name: String, madeSomething: Bool = false) throws -> String? {
        try variableReading(name, madeSomething: madeSomething)?.text
    }

    /// `variable`, with what the reading dropped.
    static func variableReading(_ name: String, madeSomething: Bool = false) throws -> SecretReading? {
        do { return try SecretText.environmentReading(name) } catch {
            throw InputError(option: name, reason: reason(error, source: "the variable", madeSomething: madeSomething))
        }
    }

    /// The password typed at a prompt, which must be UTF-8 like any other.
    static func typed(_ bytes: [UInt8]) throws -> String {
        do { return try SecretText.reading(bytes, from: .typed).text } catch {
            throw PasswordError(description: "the typed password: \(error) (is the terminal set to UTF-8?)")
        }
    }

    private static func reason(_ error: SecretTextError, source: String, madeSomething: Bool) -> String {
        if case .unreadable(let failure) = error { return failure.description }
        guard madeSomething, case .notUTF8 = error else { return "\(source): \(error)" }
        // An older Bifrost decoded such bytes with a substitute; what it made so is not lost.
        return "\(source): \(error). An older Bifrost read such bytes as U+FFFD: a key it stored under this password, or the accounts "
            + "of this passphrase, come back with U+FFFD written in their place (then 'bifrost key re-encrypt --new-password-file' moves a key to a new password)"
    }
}
