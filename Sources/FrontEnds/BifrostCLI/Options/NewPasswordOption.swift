import ArgumentParser

/// `--new-password-file`: a password to encrypt under instead of the vault password (`key export`, `key re-encrypt`).
struct NewPasswordOption: ParsableArguments {
    @Option(name: .customLong("new-password-file"), help: ArgumentHelp(
        "Encrypt under the password in this file instead of the vault password (\(SecretInput.fileRule)).", valueName: "file"))
    var newPasswordFile: String?

    /// The new password, read by the one secret-file rule; nil when none was given.
    func read() throws -> String? {
        try newPasswordFile.map { try SecretInput.file($0, option: "--new-password-file", madeSomething: true) }
    }
}
