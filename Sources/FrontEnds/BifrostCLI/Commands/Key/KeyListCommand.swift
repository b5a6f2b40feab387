import ArgumentParser
import Services

/// `bifrost key list`: the named keys.
struct KeyListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the keys in the vault (no password needed).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let accounts = try await global.services().dispatcher.dispatch(ListKeys())
        if global.json {
            global.output.emit([("keys", try Output.json(accounts.map(AccountView.init)))])
            return
        }
        guard !accounts.isEmpty else {
            Console.current.note("No keys yet. Create one with 'bifrost key new --name NAME' or import one with 'bifrost key import'.")
            return
        }
        let names = accounts.map { UntrustedText.visible($0.name) }
        let width = names.map(\.count).max() ?? 0
        for (name, a) in zip(names, accounts) {
            let pad = String(repeating: " ", count: width - name.count)
            Console.current.out("\(name)\(pad)  \(a.address.checksummed)  \(a.kind.rawValue)\(a.derivationPath.map { "  " + $0 } ?? "")")
        }
    }
}
