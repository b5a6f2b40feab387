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
