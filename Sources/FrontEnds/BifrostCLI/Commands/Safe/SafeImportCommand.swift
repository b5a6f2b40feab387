import ArgumentParser
import Foundation
import Services

/// `bifrost safe import`.
struct SafeImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Safe transaction file from another owner, merging its signatures with those here.",
        discussion: """
        The hash is recomputed and each signature recovered; a signature for another transaction refuses the whole file. \
        Signatures by non-owners, malformed ones, and approved-hash or contract signatures the chain does not confirm \
        (or that cannot be checked without a node) are set aside and named, never counted.
        """
    )
    @Argument(help: ArgumentHelp("The file written by 'bifrost safe export'; - for stdin.", valueName: "file"))
    var file: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let text = String(decoding: try Input.file(file, option: "FILE"), as: UTF8.self)
        let r = try await global.services().dispatcher.dispatch(ImportSafeTransaction(json: text, chain: global.chain))
        for approval in r.setAside { Console.current.err("warning: not counted: \(approval)") }
        try global.output.emit(view: SafeImportView(r))
    }
}
