import ArgumentParser

/// `bifrost tx`: transactions.
struct TxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tx",
        abstract: "Sign and decode transactions offline; follow the ones you sent.",
        subcommands: [TxSignCommand.self, TxDecodeCommand.self, TxStatusCommand.self, TxListCommand.self]
    )
}
