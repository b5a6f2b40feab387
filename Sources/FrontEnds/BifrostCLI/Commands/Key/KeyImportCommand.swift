import ArgumentParser
import Services

/// `bifrost key import`: a phrase, a raw key or a keystore file into the vault.
struct KeyImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a recovery phrase, a private key or a keystore V3 file into the vault.",
        discussion: """
        Secrets are read from files so they stay out of shell history. A bad phrase or a wrong \
        keystore password stores nothing.

        Examples:
          bifrost key import --name bob --mnemonic-file phrase.txt --index 2
          bifrost key import --name hot --private-key-file key.hex
          bifrost key import --name geth --keystore UTC--2024…json --keystore-password-file pw.txt
        """
    )

    @Option(help: "Name of the imported key.")
    var name: String

    @Option(name: .customLong("mnemonic-file"), help: ArgumentHelp("File holding a BIP39 recovery phrase.", valueName: "file"))
    var mnemonicFile: String?
    @OptionGroup var passphrase: PassphraseOptions
    @Option(help: "Account index for a phrase: m/44'/60'/0'/0/INDEX.")
    var index: UInt32 = 0

    @Option(name: .customLong("private-key-file"), help: ArgumentHelp("File holding a private key as hex.", valueName: "file"))
    var privateKeyFile: String?

    @Option(help: ArgumentHelp("A keystore V3 JSON file (geth, MetaMask, eth-account…).", valueName: "file"))
    var keystore: String?
    @Option(name: .customLong("keystore-password-file"), help: ArgumentHelp("File holding the keystore file's password (\(SecretInput.fileRule)); else BIFROST_KEYSTORE_PASSWORD, else asked.", valueName: "file"))
    var keystorePasswordFile: String?

    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        let sources = [mnemonicFile, privateKeyFile, keystore].compactMap { $0 }
        guard index < 0x8000_0000 else { throw ValidationError("--index must be below 2147483648") }
        guard sources.count == 1 else {
            throw ValidationError("give exactly one of --mnemonic-file, --private-key-file or --keystore")
        }
    }

    func run() async throws {
        let keys = try global.services().dispatcher
        try await keys.dispatch(CheckKeyName(name: name))
        let account: Account
        if let mnemonicFile {
            let phrase = String(decoding: try Input.file(mnemonicFile, option: "--mnemonic-file"), as: UTF8.self)
            let mnemonic = try Mnemonic(phrase: phrase)
            let file = try passphrase.read()
            account = try await keys.dispatch(ImportMnemonicKey(name: name, mnemonic: mnemonic, passphrase: file?.passphrase ?? "",
                                                                index: index, password: try password.choose(for: name)))
            try PassphraseOptions.tell(file, mnemonic: mnemonic, path: try .ethereum(index: index))
        } else if let privateKeyFile {
            let text = String(decoding: try Input.file(privateKeyFile, option: "--private-key-file"), as: UTF8.self)
            let key = try KeyStore.privateKey(text: text)
            account = try await keys.dispatch(ImportPrivateKey(name: name, key: key, password: try password.choose(for: name)))
        } else {
            let json = try Input.file(keystore ?? "", option: "--keystore")
            let keystorePassword = try keystorePasswordFile.map { try SecretInput.fileReading($0, option: "--keystore-password-file", madeSomething: true) }
                ?? SecretInput.variableReading("BIFROST_KEYSTORE_PASSWORD", madeSomething: true)
                ?? PasswordPrompt.secret("Password of the keystore file: ").map(SecretReading.typed)
                ?? { throw PasswordError(description: "the keystore's password is needed: give --keystore-password-file FILE") }()
            let key = try await keys.dispatch(UnlockKeystoreFile(json: json, password: keystorePassword))
            account = try await keys.dispatch(ImportPrivateKey(name: name, key: key, fromKeystore: true, password: try password.choose(for: name)))
        }
        if global.json {
            try global.output.emit(view: ImportedKeyView(account))
        } else {
            Console.current.out("Imported '\(UntrustedText.visible(account.name))': \(account.address.checksummed) (\(account.kind.rawValue))")
        }
    }
}

import Foundation
