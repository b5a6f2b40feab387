import ArgumentParser
import Services

/// `bifrost sign typed-data`: an EIP-712 signature.
struct SignTypedDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typed-data",
        abstract: "Sign EIP-712 typed data given as eth_signTypedData_v4 JSON.",
        discussion: """
        FILE holds {"types", "primaryType", "domain", "message"}; EIP712Domain may be omitted. \
        Integers may be JSON numbers of any size, decimal strings or hex strings. '-' reads stdin.

        Example: bifrost sign typed-data permit.json --private-key-file key.hex --json
        """
    )

    @Argument(help: ArgumentHelp("The typed-data JSON file.", valueName: "file"))
    var file: String

    @OptionGroup var key: KeyOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let json = try MessageInput.typedData(file: file, option: "FILE")
        let result = try await MessageSigner().sign(.typedData(json), with: try await key.resolve(global))
        try global.output.emit(view: MessageSignatureView(result))
    }
}
