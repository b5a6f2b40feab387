import ArgumentParser

/// `bifrost key`: the key vault.
struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Create, import, list, export and remove the owner keys in your vault.",
        discussion: """
        Secrets are stored only as encrypted keystore V3 files under $BIFROST_HOME/keys (0600). \
        Passwords come from --password-file, BIFROST_PASSWORD, or a prompt that does not echo.
        """,
        subcommands: [KeyNewCommand.self, KeyImportCommand.self, KeyListCommand.self, KeyDeriveCommand.self,
                      KeyExportCommand.self, KeyShowMnemonicCommand.self, KeyRemoveCommand.self]
    )
}
