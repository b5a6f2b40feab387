import ArgumentParser
import Services

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
            Console.current.out("\(s.address.checksummed)  \(s.threshold) of \(s.owners.count)  nonce \(s.nonce)  chain \(s.chainID)  v\(s.version)" + (s.isDeployed ? "" : "  not deployed")
                + (s.name.map { "  \(UntrustedText.visible($0))" } ?? ""))
        }
    }
}
