import Services

/// The command line's side of `SecretText`: every secret file an option names, and every secret
/// variable, is read by that one rule; here its refusals get the option's name.
enum SecretInput {
    /// How a secret file reads, for the help of every option that takes one.
    static let fileRule = "one line: a final \\n or \\r\\n is dropped, nothing else is trimmed; more lines, or bytes that are not UTF-8, are refused"

    /// The secret in the file `option` names (`-` is standard input).
    static func file(_ path: String, option: String, isPassword: Bool = false) throws -> String {
        do { return try SecretText.file(path) } catch {
            throw InputError(option: option, reason: reason(error, source: path, isPassword: isPassword))
        }
    }

    /// The secret in the variable `name`; nil when it is unset or empty.
    static func variable(_ name: String, isPassword: Bool = false) throws -> String? {
        do { return try SecretText.environment(name) } catch {
            throw InputError(option: name, reason: reason(error, source: "the variable", isPassword: isPassword))
        }
    }

    /// The password typed at a prompt, which must be UTF-8 like any other.
    static func typed(_ bytes: [UInt8]) throws -> String {
        do { return try SecretText.utf8(bytes) } catch {
            throw PasswordError(description: "the typed password: \(error) (is the terminal set to UTF-8?)")
        }
    }

    private static func reason(_ error: SecretTextError, source: String, isPassword: Bool) -> String {
        if case .unreadable(let failure) = error { return failure.description }
        guard isPassword, case .notUTF8 = error else { return "\(source): \(error)" }
        // An older Bifrost decoded such bytes with a substitute; a key it stored so is not lost.
        return "\(source): \(error). A key an older Bifrost stored from such a file opens with the password written with U+FFFD in place of those bytes"
    }
}
