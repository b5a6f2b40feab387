import ArgumentParser
import Services

/// `bifrost tx status`.
struct TxStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show where a transaction stands: the local record, refreshed from the node when reachable."
    )
    @Argument(help: "The transaction hash.")
    var hash: HexValue
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let h = hash.bytes
        guard h.count == 32 else { throw InputError(option: "HASH", reason: "a transaction hash has 32 bytes") }
        let state = try await global.services().dispatcher.dispatch(TransactionStatusQuery(hash: h, chain: global.chain))
        try global.output.emit(view: TransactionStatusView(state))
    }
}
