import ArgumentParser

/// `bifrost key`: the key vault.
struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Create, import, list, export and remove the owner keys in your vault.",
        discussion: """
        Secrets are stored only as encrypted keystore V3 files under $BIFROST_HOME/keys (0600). \
        Passwords come from --password-file, BIFROST_PASSWORD, or a prompt that does not echo. \
        A password, passphrase or API key file holds one line: a final \\n or \\r\\n is dropped and \
        nothing else; more lines, a byte order mark, or bytes that are not UTF-8, are refused. A key \
        an older Bifrost stored under a password with its line ending kept still opens, with a \
        warning: 'bifrost key re-encrypt' ends it. A CRLF passphrase file gave an older Bifrost other \
        accounts (it kept the \\r\\n): new, import and derive name both, and --passphrase-keeps-crlf \
        derives those.
        """,
        subcommands: [KeyNewCommand.self, KeyImportCommand.self, KeyListCommand.self, KeyDeriveCommand.self,
                      KeyAddLedgerCommand.self, KeyExportCommand.self, KeyReencryptCommand.self, KeyShowMnemonicCommand.self, KeyRemoveCommand.self]
    )
}
