import ArgumentParser
import Foundation
import Services

/// Why no password could be had.
struct PasswordError: Error, CustomStringConvertible {
    let description: String
}

/// The vault password: `--password-file`, else `BIFROST_PASSWORD`, else a prompt without echo.
struct PasswordOptions: ParsableArguments {
    @Option(name: .customLong("password-file"), help: ArgumentHelp(
        "File holding the vault password (\(SecretInput.fileRule)). Or set BIFROST_PASSWORD (read the same way, and a final \\r that $(cat FILE) leaves is dropped too); otherwise you are asked.",
        valueName: "file"))
    var passwordFile: String?

    /// The password for an existing key; the scrypt that follows takes a moment, so it says so.
    func unlock(_ name: String) throws -> String {
        let password = try obtain(prompt: "Password for '\(name)': ", confirm: false)
        Console.current.progress("Unlocking '\(name)'…")
        return password
    }

    /// A password for a new secret; asked twice when typed.
    func choose(for name: String) throws -> String {
        try obtain(prompt: "New password for '\(name)': ", confirm: true)
    }

    private func obtain(prompt: String, confirm: Bool) throws -> String {
        if let passwordFile { return try SecretInput.file(passwordFile, option: "--password-file", madeSomething: true) }
        if let env = try SecretInput.variable("BIFROST_PASSWORD", madeSomething: true) { return env }
        guard let typed = try PasswordPrompt.secret(prompt) else {
            throw PasswordError(description: "a password is needed: give --password-file FILE or set BIFROST_PASSWORD")
        }
        if confirm {
            guard try PasswordPrompt.secret("Repeat the password: ") == typed else {
                throw PasswordError(description: "the two passwords differ; nothing was saved")
            }
        }
        return typed
    }
}
