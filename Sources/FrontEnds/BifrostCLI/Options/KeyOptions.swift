import ArgumentParser
import Foundation
import Services

/// How a command that signs gets its key. A file or the environment keeps the key out of shell history.
struct KeyOptions: ParsableArguments {
    @Option(name: .customLong("private-key"), help: ArgumentHelp("Signing key as hex (prefer --private-key-file: this lands in shell history).", valueName: "hex"))
    var privateKey: String?

    @Option(name: .customLong("private-key-file"), help: ArgumentHelp("File holding the signing key as hex; '-' reads stdin. Or set BIFROST_PRIVATE_KEY, or use --key.", valueName: "file"))
    var privateKeyFile: String?

    @Option(name: .long, help: ArgumentHelp("Sign with this key from the vault or a Ledger (see 'bifrost key list').", valueName: "name"))
    var key: String?

    @OptionGroup var password: PasswordOptions

    /// The key the user chose: a vault key by name, or a raw key.
    func resolve(_ global: GlobalOptions) async throws -> KeySigner {
        if let key {
            guard privateKey == nil, privateKeyFile == nil else {
                throw SigningKeyError.ambiguous([.vault] + (privateKey != nil ? [.text] : []) + (privateKeyFile.map { [.file($0)] } ?? []))
            }
            let keys = try global.services().dispatcher
            _ = try await keys.dispatch(FindKey(name: key))
            let passwords = password
            return try await keys.dispatch(OpenSigner(name: key, password: { try passwords.unlock(key) }))
        }
        let env = ProcessInfo.processInfo.environment
        let source = try SigningKeySource.choose(privateKey: privateKey, privateKeyFile: privateKeyFile, environment: env)
        return KeySigner(key: try SigningKeyResolver(files: .live, environment: env).resolve(source))
    }
}
