import ArgumentParser
import Foundation
import Services

/// `bifrost key export`: a keystore V3 file other wallets can import.
struct KeyExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a key as a keystore V3 file (0600) that geth, MetaMask or eth-account can import.",
        discussion: "Example: bifrost key export --name alice --out alice.json --new-password-file pw.txt"
    )

    @Option(help: "Name of the key.")
    var name: String
    @Option(help: ArgumentHelp("Where to write the keystore file; it must not exist yet.", valueName: "file"))
    var out: String
    @OptionGroup var newPassword: NewPasswordOption
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let keys = try global.services().dispatcher
        _ = try await keys.dispatch(FindVaultKey(name: name))
        guard !FileManager.default.fileExists(atPath: out) else {
            throw InputError(option: "--out", reason: "\(out) already exists; choose another file")
        }
        let chosen = try newPassword.read()
        let json = try await keys.dispatch(ExportKey(name: name, password: try password.unlock(name), newPassword: chosen))
        try SecretFile.write(json, to: out)
        try global.output.emit(view: KeyFileView.exported(name: name, file: out))
    }
}
