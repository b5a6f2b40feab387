import ArgumentParser
import Services

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
            Console.current.out("Added \(UntrustedText.visible(t.symbol)) (\(UntrustedText.visible(t.name)), \(t.decimals) decimals) at \(t.address.checksummed)")
        }
    }
}
