import ArgumentParser
import BigInt
import Services

/// `bifrost tx decode`: the fields and sender of a signed raw transaction.
struct TxDecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a signed raw transaction (legacy, EIP-2930, EIP-1559) and recover its sender.",
        discussion: "Example: bifrost tx decode 0x02f8… --json"
    )

    @Argument(help: ArgumentHelp("The signed raw transaction, as hex.", valueName: "raw"))
    var raw: HexValue

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let summary = try OfflineTransactions().decode(raw.bytes)
        try global.output.emit(view: SignedTransactionView(summary))
    }
}
