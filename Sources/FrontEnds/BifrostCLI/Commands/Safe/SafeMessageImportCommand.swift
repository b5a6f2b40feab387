import ArgumentParser
import Services

/// `bifrost safe message import`.
struct SafeMessageImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Safe message file from another owner, merging its signatures with those here.",
        discussion: """
        The hash is recomputed and each signature recovered. Signatures by non-owners, malformed ones, and approved-hash \
        or contract signatures the chain does not confirm (or that cannot be checked without a node) are set aside and \
        named, never counted.
        """
    )
    @Argument(help: ArgumentHelp("The file written by 'bifrost safe message export'; - for stdin.", valueName: "file"))
    var file: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let text = String(decoding: try Input.file(file, option: "FILE"), as: UTF8.self)
        let r = try await global.services().dispatcher.dispatch(ImportSafeMessage(json: text, chain: global.chain))
        for signature in r.setAside { Console.current.err("warning: not counted: \(signature)") }
        try SafeMessageCommand.emit(r.detail, global)
    }
}
