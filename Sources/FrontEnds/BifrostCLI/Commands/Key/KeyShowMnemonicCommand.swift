import ArgumentParser
import Services

/// `bifrost key show-mnemonic`: the recovery phrase, after the password.
struct KeyShowMnemonicCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show-mnemonic",
        abstract: "Print a wallet's recovery phrase after its password. Make sure nobody is watching."
    )

    @Option(help: "Name of the wallet.")
    var name: String

    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let keys = try global.services().dispatcher
        _ = try await keys.dispatch(FindVaultKey(name: name))
        let mnemonic = try await keys.dispatch(ShowMnemonic(name: name, password: try password.unlock(name)))
        global.output.emit(single: "mnemonic", .string(mnemonic.phrase))
    }
}
