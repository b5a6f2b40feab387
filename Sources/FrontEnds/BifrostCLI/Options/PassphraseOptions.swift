import ArgumentParser
import Services

/// `--passphrase-file` and `--passphrase-keeps-crlf`: the BIP39 passphrase of `key new`, `key import` and `key derive`.
struct PassphraseOptions: ParsableArguments {
    @Option(name: .customLong("passphrase-file"), help: ArgumentHelp("Optional BIP39 passphrase (the '25th word') in FILE (\(SecretInput.fileRule)).", valueName: "file"))
    var passphraseFile: String?

    @Flag(name: .customLong("passphrase-keeps-crlf"), help: ArgumentHelp(
        "Derive with the passphrase file's final \\r\\n kept, as Bifrost did before it read secret files by one rule: the accounts such a Bifrost made of a CRLF file."))
    var keepsCRLF = false

    func validate() throws {
        guard !keepsCRLF || passphraseFile != nil else { throw ValidationError("--passphrase-keeps-crlf needs --passphrase-file") }
    }

    /// The passphrase file read by the one secret-file rule; nil when none was given.
    func read() throws -> PassphraseFile? {
        guard let passphraseFile else { return nil }
        let reading = try SecretInput.fileReading(passphraseFile, option: "--passphrase-file", madeSomething: true)
        do { return try PassphraseFile(reading, keepsCRLF: keepsCRLF) } catch {
            throw InputError(option: "--passphrase-keeps-crlf", reason: error.description)
        }
    }

    /// Tells, once and on standard error, what the passphrase file gave an older Bifrost, when
    /// that differs: the account at `path` under each form.
    static func tell(_ passphrase: PassphraseFile?, mnemonic: Mnemonic, path: DerivationPath) throws {
        guard let notice = try passphrase?.notice(mnemonic: mnemonic, path: path) else { return }
        Console.current.err(KeyNoticeWording.text(for: notice))
    }
}
