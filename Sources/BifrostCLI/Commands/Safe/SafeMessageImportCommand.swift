import ArgumentParser
import Services

/// `bifrost safe message import`.
struct SafeMessageImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Safe message file from another owner, merging its signatures with those here.",
        discussion: "The hash is recomputed, each signature recovered, and signatures from non-owners refuse the whole file."
    )
    @Argument(help: ArgumentHelp("The file written by 'bifrost safe message export'; - for stdin.", valueName: "file"))
    var file: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let text = String(decoding: try Input.file(file, option: "FILE"), as: UTF8.self)
        try SafeMessageCommand.emit(try await global.services().dispatcher.dispatch(ImportSafeMessage(json: text)), global)
    }
}
