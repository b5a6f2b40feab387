import ArgumentParser
import Services

/// `bifrost token`: known ERC-20 tokens.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Add ERC-20 tokens by address (metadata is read from the chain) and list them.",
        subcommands: [TokenAddCommand.self, TokenListCommand.self]
    )

}

/// `bifrost token add`.
struct TokenAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a token on the current network.",
                                                    discussion: "Example: bifrost token add 0x58c1c343c185Aa5CD3c2Cc1c2b7d7bD055F1bf98")
    @Argument(help: "The token contract.")
    var address: AddressValue
    @Flag(name: .customLong("hidden"), help: "Keep it out of default balance lists (not whitelisted).")
    var hidden = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let a = address.address
        let t = try await global.services().dispatcher.dispatch(AddToken(address: a, chain: global.chain, whitelisted: !hidden))
        if global.json { try global.output.emit(view: TokenView(t)) } else {
            Console.current.out("Added \(TerminalText.oneLine(t.symbol)) (\(TerminalText.oneLine(t.name)), \(t.decimals) decimals) at \(t.address.checksummed)")
        }
    }
}

/// `bifrost token list`.
struct TokenListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the tokens known on the current network.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let tokens = try await global.services().dispatcher.dispatch(ListTokens(chain: global.chain))
        if global.json {
            global.output.emit([("tokens", try Output.json(tokens.map(TokenView.init)))])
            return
        }
        if tokens.isEmpty { Console.current.note("No tokens yet. Add one with 'bifrost token add ADDRESS'.") }
        for t in tokens { Console.current.out("\(TerminalText.oneLine(t.symbol))  \(t.address.checksummed)  \(t.decimals) decimals\(t.whitelisted ? "" : "  (hidden)")") }
    }
}
