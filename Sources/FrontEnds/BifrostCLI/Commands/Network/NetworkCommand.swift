import ArgumentParser
import Services

/// `bifrost network`: named chains.
struct NetworkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "network",
        abstract: "Add, list and choose the networks (chain ID, RPC URL, contract addresses) Bifrost talks to.",
        subcommands: [NetworkAddCommand.self, NetworkListCommand.self, NetworkUseCommand.self]
    )

}
