import ArgumentParser
import Services

/// `bifrost address-book remove`.
struct AddressBookRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Take an address out of the book.")
    @Argument(help: "The address to forget.")
    var address: AddressValue
    @OptionGroup var chain: AddressBookChainOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let entry = try await global.services().dispatcher.dispatch(RemoveAddressBookEntry(
            address: address.address, chainID: chain.chainID?.value, chain: global.chain))
        if global.json { return try global.output.emit(view: AddressBookEntryView(entry)) }
        Console.current.out("Removed \(entry.address.checksummed) (\(UntrustedText.visible(entry.name))) from chain \(entry.chainID)'s book.")
    }
}
