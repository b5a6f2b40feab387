import ArgumentParser
import Services

/// `bifrost address-book add`.
struct AddressBookAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Name an address (or rename it); names are 1 to 50 characters.",
        discussion: "Example: bifrost address-book add 0x7099…79C8 'Payroll wallet' --chain-id 1"
    )
    @Argument(help: "The address to name.")
    var address: AddressValue
    @Argument(help: "Its name.")
    var name: String
    @OptionGroup var chain: AddressBookChainOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let entry = try await global.services().dispatcher.dispatch(AddAddressBookEntry(
            address: address.address, name: name, chainID: chain.chainID?.value, chain: global.chain))
        if global.json { return try global.output.emit(view: AddressBookEntryView(entry)) }
        Console.current.out("\(entry.address.checksummed)  \(UntrustedText.visible(entry.name))  (chain \(entry.chainID))")
    }
}
