import ArgumentParser
import Foundation
import Services

/// `bifrost safe export-batch`.
struct SafeExportBatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-batch",
        abstract: "Write a queued Safe transaction as a Safe{Wallet} Transaction Builder file.",
        discussion: """
        A MultiSend batch is written call by call (raw data), any other call as one transaction, with the \
        builder's checksum. Safe{Wallet}'s Transaction Builder loads it; `bifrost safe propose SAFE --batch FILE \
        --nonce N` proposes the same safeTxHash again. A batch with a delegatecall inside cannot be written.

        Example: bifrost safe export-batch 0x8c2f…41a0 --out batch.json
        """
    )
    @Argument(help: ArgumentHelp("The transaction's safeTxHash.", valueName: "safe-tx-hash"))
    var safeTxHash: SafeTxHashValue
    @Option(help: ArgumentHelp("Where to write it; - for stdout.", valueName: "file"))
    var out: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let file = try await global.services().dispatcher.dispatch(ExportBuilderFile(safeTxHash: safeTxHash.bytes))
        guard try OutFile.write(file.text, to: out, isJSON: true) else { return }
        try global.output.emit(view: BuilderFileView(file, path: out))
    }
}
