import ArgumentParser
import Services

/// `bifrost safe message show`.
struct SafeMessageShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a Safe message: the text or typed data, both hashes to compare, who signed, and the final signature.")
    @Argument(help: ArgumentHelp("The SafeMessage hash.", valueName: "message-hash"))
    var messageHash: MessageHashValue
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try SafeMessageCommand.emit(try await global.services().dispatcher.dispatch(SafeMessageQuery(messageHash: messageHash.bytes)), global)
    }
}
