import ArgumentParser
import Services

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
        for t in tokens { Console.current.out("\(UntrustedText.visible(t.symbol))  \(t.address.checksummed)  \(t.decimals) decimals\(t.whitelisted ? "" : "  (hidden)")") }
    }
}

/// `bifrost token hide` and `bifrost token unhide`: one rule, two names.
protocol TokenVisibilityCommand: AsyncParsableCommand {
    var address: AddressValue { get }
    var global: GlobalOptions { get }
    static var hides: Bool { get }
}
