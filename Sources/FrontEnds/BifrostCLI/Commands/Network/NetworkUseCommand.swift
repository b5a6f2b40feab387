import ArgumentParser
import Services

/// `bifrost network use`.
struct NetworkUseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "use", abstract: "Make a network the default for every command.")
    @Argument(help: "Name of the network.")
    var name: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let n = try await global.services().dispatcher.dispatch(UseNetwork(name: name))
        if global.json { try global.output.emit(view: NetworkView(n, current: true)) } else {
            Console.current.out("Now using '\(UntrustedText.visible(n.name))' (chain \(n.chainID)).")
        }
    }
}
