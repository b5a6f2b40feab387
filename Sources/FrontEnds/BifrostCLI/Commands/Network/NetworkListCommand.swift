import ArgumentParser
import Services

/// `bifrost network list`.
struct NetworkListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the networks; * marks the current one.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let (networks, current) = try await global.services().dispatcher.dispatch(ListNetworks())
        if global.json {
            global.output.emit([("networks", try Output.json(networks.map { NetworkView($0, current: $0.name == current) }))])
            return
        }
        guard !networks.isEmpty else {
            Console.current.note("No networks yet. Add one with 'bifrost network add NAME --rpc-url URL'.")
            return
        }
        for n in networks { Console.current.out("\(n.name == current ? "*" : " ") \(UntrustedText.visible(n.name))  chain \(n.chainID)  \(CredentialMask.url(n.rpcURL))") }
    }
}
