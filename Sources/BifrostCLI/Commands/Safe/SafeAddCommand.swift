import ArgumentParser
import Services

/// `bifrost safe add`.
struct SafeAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Follow an existing Safe: its owners, threshold, nonce and version are read from the chain in one round trip.",
        discussion: "Example: bifrost safe add 0x1d5e…d5e1 --name treasury"
    )
    @Argument(help: "The Safe's address.")
    var address: AddressValue
    @Option(help: "A local name for it.")
    var name: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let a = address.address
        let state = try await global.services().dispatcher.dispatch(AddSafe(address: a, name: name, chain: global.chain))
        if global.json { try global.output.emit(view: SafeView(state)) } else { Console.current.out(SafeCommand.render(state)) }
    }
}

/// `bifrost safe list`.
struct SafeListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the Safes followed here, as last read (no network).")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let safes = try await global.services().dispatcher.dispatch(ListSafes())
        if global.json {
            global.output.emit([("safes", try Output.json(safes.map(SafeSummaryView.init)))])
            return
        }
        if safes.isEmpty { Console.current.note("No Safes yet. Follow one with 'bifrost safe add ADDRESS' or deploy one with 'bifrost safe create'.") }
        for s in safes {
            Console.current.out("\(s.address.checksummed)  \(s.threshold) of \(s.owners.count)  nonce \(s.nonce)  chain \(s.chainID)  v\(s.version)"
                + (s.name.map { "  \($0)" } ?? ""))
        }
    }
}

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
        if global.json { try global.output.emit(view: SafeView(state, fiat: fiat?.view)) } else {
            Console.current.out(SafeCommand.render(state, fiat: fiat?.line))
        }
    }
}
