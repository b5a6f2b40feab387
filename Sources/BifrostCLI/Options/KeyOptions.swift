import ArgumentParser
import Foundation
import Services

/// How a command that signs gets its key. A file or the environment keeps the key out of shell history.
struct KeyOptions: ParsableArguments {
    @Option(name: .customLong("private-key"), help: ArgumentHelp("Signing key as hex (prefer --private-key-file: this lands in shell history).", valueName: "hex"))
    var privateKey: String?

    @Option(name: .customLong("private-key-file"), help: ArgumentHelp("File holding the signing key as hex; '-' reads stdin. Or set BIFROST_PRIVATE_KEY.", valueName: "file"))
    var privateKeyFile: String?

    /// The key the user chose.
    func resolve() throws -> PrivateKey {
        let env = ProcessInfo.processInfo.environment
        let source = try SigningKeySource.choose(privateKey: privateKey, privateKeyFile: privateKeyFile, environment: env)
        return try SigningKeyResolver(files: .live, environment: env).resolve(source)
    }
}
