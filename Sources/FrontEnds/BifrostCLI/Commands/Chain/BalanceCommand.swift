import ArgumentParser
import Services

/// `bifrost balance`: ether and token balances.
struct BalanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balance",
        abstract: "Show the ether and ERC-20 balances of an address or a vault key, in one round trip.",
        discussion: """
        Without --token, the whitelisted tokens added with 'bifrost token add' are shown.

        Examples:
          bifrost balance 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
          bifrost balance --key alice --token 0x58c1…bf98 --json
        """
    )

    @Argument(help: "The address to read.")
    var address: AddressValue?
    @Option(help: "A vault key whose address to read.")
    var key: String?
    @Option(help: "A token contract to include (repeatable).")
    var token: [AddressValue] = []
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (address == nil) != (key == nil) else { throw ValidationError("give an ADDRESS or --key NAME") }
    }

    func run() async throws {
        let services = try global.services()
        let target = if let key { try await services.dispatcher.dispatch(FindKey(name: key)).address } else { address?.address ?? .zero }
        let tokens = token.map(\.address)
        let b = try await services.dispatcher.dispatch(FetchBalances(address: target, tokens: tokens, chain: global.chain))
        let fiat = await FiatValue.cached(services, ether: b.ether.exact(in: .ether))
        if global.json {
            try global.output.emit(view: BalancesView(b, fiat: fiat?.view))
            return
        }
        Console.current.out(BalanceCommand.render(b, fiat: fiat?.line))
    }

    /// The human form: the address, then one aligned line per asset.
    static func render(_ b: Balances, fiat: String? = nil) -> String {
        var rows = [("ETH", b.ether.exact(in: .ether))]
        rows += b.tokens.map { (UntrustedText.visible($0.symbol), $0.amount.description) }
        let width = rows.map(\.1.count).max() ?? 0
        let lines = [b.address.checksummed] + rows.map { "  " + String(repeating: " ", count: width - $0.1.count) + $0.1 + " " + $0.0 }
        return (lines + (fiat.map { ["  " + $0] } ?? [])).joined(separator: "\n")
    }
}
