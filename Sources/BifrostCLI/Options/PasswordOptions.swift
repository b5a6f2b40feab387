import ArgumentParser
import Foundation
import Services

/// Why no password could be had.
struct PasswordError: Error, CustomStringConvertible {
    let description: String
}

/// The vault password: `--password-file`, else `BIFROST_PASSWORD`, else a prompt without echo.
struct PasswordOptions: ParsableArguments {
    @Option(name: .customLong("password-file"), help: ArgumentHelp("File whose first line is the vault password (or set BIFROST_PASSWORD; otherwise you are asked).", valueName: "file"))
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
        if let passwordFile { return try PasswordOptions.firstLine(of: passwordFile, option: "--password-file") }
        if let env = ProcessInfo.processInfo.environment["BIFROST_PASSWORD"] { return env }
        guard let typed = PasswordPrompt.secret(prompt) else {
            throw PasswordError(description: "a password is needed: give --password-file FILE or set BIFROST_PASSWORD")
        }
        if confirm {
            guard PasswordPrompt.secret("Repeat the password: ") == typed else {
                throw PasswordError(description: "the two passwords differ; nothing was saved")
            }
        }
        return typed
    }

    /// The first line of a file without its line ending, as password files are usually written.
    static func firstLine(of path: String, option: String) throws -> String {
        let raw = try Input.file(path, option: option)
        let text = String(decoding: raw, as: UTF8.self)
        return String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    }
}
