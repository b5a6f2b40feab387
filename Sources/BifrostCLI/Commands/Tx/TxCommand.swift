import ArgumentParser

/// `bifrost tx`: transactions.
struct TxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tx",
        abstract: "Build, sign and decode transactions (offline).",
        subcommands: [TxSignCommand.self, TxDecodeCommand.self]
    )
}
