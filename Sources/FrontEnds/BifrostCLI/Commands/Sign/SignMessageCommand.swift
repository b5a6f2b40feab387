import ArgumentParser
import Services

/// `bifrost sign message`: an EIP-191 `personal_sign` signature.
struct SignMessageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message",
        abstract: "Sign a message the way personal_sign does (EIP-191).",
        discussion: """
        Examples:
          bifrost sign message 'hello' --private-key-file key.hex
          bifrost sign message --hex 0xdeadbeef --private-key-file key.hex --json
        """
    )

    @Argument(help: ArgumentHelp("The message: UTF-8 text, or hex bytes with --hex.", valueName: "message"))
    var message: String

    @Flag(name: .long, help: "Treat MESSAGE as hex-encoded bytes.")
    var hex = false

    @OptionGroup var key: KeyOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let bytes = try MessageInput.bytes(message, isHex: hex, option: "MESSAGE")
        let result = try await MessageSigner().sign(.message(bytes), with: try await key.resolve(global))
        try global.output.emit(view: MessageSignatureView(result))
    }
}
