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

/// `bifrost token hide` and `bifrost token unhide`: one rule, two names.
protocol TokenVisibilityCommand: AsyncParsableCommand {
    var address: AddressValue { get }
    var global: GlobalOptions { get }
    static var hides: Bool { get }
}

extension TokenVisibilityCommand {
    func run() async throws {
        let t = try await global.services().dispatcher.dispatch(SetTokenHidden(address: address.address, hidden: Self.hides, chain: global.chain))
        if global.json { try global.output.emit(view: TokenView(t)) } else {
            Console.current.out("\(TerminalText.oneLine(t.symbol)) at \(t.address.checksummed) is \(Self.hides ? "hidden from" : "shown in") balances")
        }
    }
}

/// `bifrost token hide`.
struct TokenHideCommand: TokenVisibilityCommand {
    static let configuration = CommandConfiguration(commandName: "hide", abstract: "Keep a known token out of balance lists (offline).",
                                                    discussion: "Example: bifrost token hide 0x58c1c343c185Aa5CD3c2Cc1c2b7d7bD055F1bf98")
    static let hides = true
    @Argument(help: "The token contract.")
    var address: AddressValue
    @OptionGroup var global: GlobalOptions
}

/// `bifrost token unhide`.
struct TokenUnhideCommand: TokenVisibilityCommand {
    static let configuration = CommandConfiguration(commandName: "unhide", abstract: "Show a hidden token in balance lists again (offline).",
                                                    discussion: "Example: bifrost token unhide 0x58c1c343c185Aa5CD3c2Cc1c2b7d7bD055F1bf98")
    static let hides = false
    @Argument(help: "The token contract.")
    var address: AddressValue
    @OptionGroup var global: GlobalOptions
}
