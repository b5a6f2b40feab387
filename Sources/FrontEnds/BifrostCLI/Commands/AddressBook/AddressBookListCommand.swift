import ArgumentParser
import Services

/// `bifrost address-book list`.
struct AddressBookListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the book of the chain in use, by name.")
    @OptionGroup var chain: AddressBookChainOptions
    @Flag(help: "Every chain's entries.")
    var all = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let entries = try await global.services().dispatcher.dispatch(ListAddressBook(chainID: chain.chainID?.value, allChains: all, chain: global.chain))
        if global.json {
            global.output.emit([("entries", try Output.json(entries.map(AddressBookEntryView.init)))])
            return
        }
        guard !entries.isEmpty else {
            Console.current.note("The address book is empty. Add a name with 'bifrost address-book add ADDRESS NAME'.")
            return
        }
        for e in entries { Console.current.out("\(e.address.checksummed)  \(UntrustedText.visible(e.name))" + (all ? "  chain \(e.chainID)" : "")) }
    }
}
