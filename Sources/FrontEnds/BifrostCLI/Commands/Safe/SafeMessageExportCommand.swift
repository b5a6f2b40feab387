import ArgumentParser
import Services

/// `bifrost safe message export`.
struct SafeMessageExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a Safe message and its signatures to a file for the next owner ('bifrost safe message import').",
        discussion: """
        The file is JSON: {"format": "bifrost.safe-message", "version": 1, "chainId", "safe", "safeVersion", \
        "messageHash", "kind" ("text" or "typedData"), "message", "signatures": [{"owner", "signature"}]}. \
        It holds no secrets. On import everything is checked again.
        """
    )
    @Argument(help: ArgumentHelp("The SafeMessage hash.", valueName: "message-hash"))
    var messageHash: MessageHashValue
    @Option(help: ArgumentHelp("Where to write it; - for stdout.", valueName: "file"))
    var out: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let file = try await global.services().dispatcher.dispatch(ExportSafeMessage(messageHash: messageHash.bytes))
        guard try OutFile.write(file.json, to: out, isJSON: true) else { return }
        global.output.emit([("messageHash", .string(Hex.encode(file.messageHash))), ("signatures", .number(String(file.signatures.count))),
                            ("file", .string(out))])
    }
}
