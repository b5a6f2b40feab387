import ArgumentParser
import Services

/// `bifrost key derive`: addresses of a phrase, offline.
struct KeyDeriveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "derive",
        abstract: "Show the addresses a recovery phrase derives (offline; stores nothing).",
        discussion: """
        Examples:
          bifrost key derive --mnemonic-file phrase.txt --index 0 --count 5
          bifrost key derive --mnemonic-file phrase.txt --path "m/44'/60'/1'/0/0"
        """
    )

    @Option(name: .customLong("mnemonic-file"), help: ArgumentHelp("File holding the phrase.", valueName: "file"))
    var mnemonicFile: String?
    @Option(help: ArgumentHelp("The phrase itself (prefer --mnemonic-file: this lands in shell history).", valueName: "words"))
    var mnemonic: String?
    @OptionGroup var passphrase: PassphraseOptions
    @Option(help: "First account index, m/44'/60'/0'/0/INDEX.")
    var index: UInt32?
    @Option(help: "How many consecutive accounts, with --index.")
    var count: UInt32 = 1
    @Option(help: ArgumentHelp("An explicit BIP32 path, e.g. m/44'/60'/0'/0/7.", valueName: "path"))
    var path: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (mnemonicFile == nil) != (mnemonic == nil) else { throw ValidationError("give either --mnemonic-file or --mnemonic") }
        guard !(index != nil && path != nil) else { throw ValidationError("give either --index or --path") }
        guard count >= 1, count <= 1000 else { throw ValidationError("--count must be between 1 and 1000") }
        // BIP32 indexes at or above 2^31 are hardened, which m/44'/60'/0'/0/i never uses.
        guard UInt64(index ?? 0) + UInt64(count) <= 0x8000_0000 else { throw ValidationError("--index must be below 2147483648") }
    }

    func run() async throws {
        let phrase: String
        if let mnemonicFile {
            phrase = String(decoding: try Input.file(mnemonicFile, option: "--mnemonic-file"), as: UTF8.self)
        } else {
            phrase = mnemonic ?? ""
        }
        let words = try Mnemonic(phrase: phrase)
        let file = try self.passphrase.read()
        let passphrase = file?.passphrase ?? ""
        let accounts: [DerivedAccount]
        if let path {
            let parsed: DerivationPath
            do { parsed = try DerivationPath(path) } catch { throw InputError(option: "--path", reason: error.description) }
            accounts = [try AccountDerivation().account(mnemonic: words, passphrase: passphrase, path: parsed)]
        } else {
            accounts = try AccountDerivation().accounts(mnemonic: words, passphrase: passphrase, start: index ?? 0, count: count)
        }
        if let first = accounts.first { try PassphraseOptions.tell(file, mnemonic: words, path: first.path) }
        if global.json {
            try global.output.emit(view: DerivedAccountsView(accounts))
        } else {
            for a in accounts { Console.current.out("\(a.path)  \(a.address.checksummed)") }
        }
    }
}
