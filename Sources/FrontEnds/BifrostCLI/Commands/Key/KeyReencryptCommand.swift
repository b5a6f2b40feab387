import ArgumentParser
import Services

/// `bifrost key re-encrypt`: a key's secrets encrypted again, under the password as read now or a new one.
struct KeyReencryptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "re-encrypt",
        abstract: "Encrypt a key's secrets again: under its password as read now, or under a new password.",
        discussion: """
        An older Bifrost kept a password file's line ending (\\r\\n, or the \\r of BIFROST_PASSWORD=$(cat FILE)) \
        as part of the password. Such a key still opens, with a warning; this command stores it under the \
        password as read now, which ends the warning. With --new-password-file it changes the password.

        Examples:
          bifrost key re-encrypt --name alice --password-file pw.txt
          bifrost key re-encrypt --name alice --password-file old --new-password-file new
        """
    )

    @Option(help: "Name of the key.")
    var name: String
    @OptionGroup var newPassword: NewPasswordOption
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let keys = try global.services().dispatcher
        _ = try await keys.dispatch(FindVaultKey(name: name))
        let chosen = try newPassword.read()
        try await keys.dispatch(ReencryptKey(name: name, password: try password.unlock(name), newPassword: chosen))
        try global.output.emit(view: KeyFileView.reencrypted(name: name))
    }
}
