import ArgumentParser
import Services

/// `bifrost token`: known ERC-20 tokens.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Add ERC-20 tokens by address (metadata is read from the chain), list them, hide or unhide them.",
        subcommands: [TokenAddCommand.self, TokenListCommand.self, TokenHideCommand.self, TokenUnhideCommand.self]
    )

}
