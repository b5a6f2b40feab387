import ArgumentParser
import Services

/// `bifrost address-book export`.
struct AddressBookExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the book as Safe{Wallet}'s address book CSV (address,name,chainId), which Safe{Wallet} imports."
    )
    @Option(help: ArgumentHelp("Where to write it; - for stdout.", valueName: "file"))
    var out: String
    @OptionGroup var chain: AddressBookChainOptions
    @Flag(help: "Every chain's entries, not only the network in use's.")
    var all = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let entries = try await global.services().dispatcher.dispatch(ListAddressBook(chainID: chain.chainID?.value, allChains: all, chain: global.chain))
        guard try OutFile.write(AddressBookEntry.csv(entries), to: out, isJSON: false) else { return }
        if global.json {
            global.output.emit([("file", .string(out)), ("entries", .number(String(entries.count)))])
            return
        }
        Console.current.out("Wrote \(entries.count) entr\(entries.count == 1 ? "y" : "ies") to \(out).")
    }
}
