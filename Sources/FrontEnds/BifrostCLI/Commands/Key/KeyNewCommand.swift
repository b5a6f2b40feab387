import ArgumentParser
import Services

/// `bifrost key new`: a new wallet from a fresh recovery phrase.
struct KeyNewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a wallet from a new recovery phrase and store it encrypted.",
        discussion: """
        The phrase is shown once: write it down and keep it offline. It is the only way to recover \
        the wallet if this machine is lost. With --json it is part of the output object.

        Example: bifrost key new --name alice --words 24
        """
    )

    @Option(help: "Name of the new key.")
    var name: String

    @Option(help: "Number of words: 12, 15, 18, 21 or 24.")
    var words: Int = 12

    @OptionGroup var passphrase: PassphraseOptions

    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard [12, 15, 18, 21, 24].contains(words) else { throw ValidationError("--words must be 12, 15, 18, 21 or 24") }
    }

    func run() async throws {
        let file = try passphrase.read()
        let keys = try global.services().dispatcher
        try await keys.dispatch(CheckKeyName(name: name))
        let created = try await keys.dispatch(CreateKey(name: name, wordCount: words, passphrase: file?.passphrase ?? "",
                                                        password: try password.choose(for: name)))
        try PassphraseOptions.tell(file, mnemonic: created.mnemonic, path: try .ethereum(index: 0))
        if global.json {
            try global.output.emit(view: CreatedKeyView(account: created.account, mnemonic: created.mnemonic))
            return
        }
        let console = Console.current
        console.out("Created '\(UntrustedText.visible(name))': \(created.account.address.checksummed) at \(created.account.derivationPath ?? "")")
        console.out("")
        console.out("Recovery phrase (shown only this once; write it down and keep it offline):")
        console.out("")
        console.out("    " + created.mnemonic.phrase)
        console.out("")
        console.err("warning: anyone with this phrase controls the wallet; never type it into a website.")
    }
}
