import ArgumentParser
import Foundation
import Services

/// `bifrost safe export`.
struct SafeExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a Safe transaction and its signatures to a file for the next owner ('bifrost safe import').",
        discussion: """
        The file is JSON: {"format": "bifrost.safe-transaction", "version": 1, "chainId", "safe", \
        "safeVersion", "safeTxHash", "transaction": {to, value, data, operation, safeTxGas, baseGas, \
        gasPrice, gasToken, refundReceiver, nonce}, "signatures": [{"owner", "signature"}]}. It holds \
        no secrets. On import everything is checked again.
        """
    )
    @Argument(help: ArgumentHelp("The transaction's safeTxHash.", valueName: "safe-tx-hash"))
    var safeTxHash: SafeTxHashValue
    @Option(help: ArgumentHelp("Where to write it; - for stdout.", valueName: "file"))
    var out: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let file = try await global.services().dispatcher.dispatch(ExportSafeTransaction(safeTxHash: safeTxHash.bytes))
        guard try OutFile.write(file.json, to: out, isJSON: true) else { return }
        try global.output.emit(view: SafeExportView(file, path: out))
    }
}
