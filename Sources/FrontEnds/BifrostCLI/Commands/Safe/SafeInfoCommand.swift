import ArgumentParser
import Services

/// `bifrost safe info`.
struct SafeInfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a Safe's owners, threshold, nonce, balances, modules, fallback handler and guard, read fresh in one round trip.",
        discussion: "Balances include the tokens added with 'bifrost token add' on the Safe's chain."
    )
    @Argument(help: "The Safe's address.")
    var safe: AddressValue
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let a = safe.address
        let services = try global.services()
        let state = try await services.dispatcher.dispatch(SafeInfoQuery(address: a, chain: global.chain))
        let fiat = await FiatValue.cached(services, ether: state.balance.exact(in: .ether))
        let names = await global.names(services, chainID: state.safe.chainID)
        if global.json { try global.output.emit(view: SafeView(state, fiat: fiat?.view), names: names) } else {
            // The Safe's own line already carries its name.
            let lines = SafeCommand.render(state, fiat: fiat?.line).split(separator: "\n", omittingEmptySubsequences: false)
            Console.current.out(([String(lines[0])] + lines.dropFirst().map { names.annotate(String($0)) }).joined(separator: "\n"))
        }
    }
}
