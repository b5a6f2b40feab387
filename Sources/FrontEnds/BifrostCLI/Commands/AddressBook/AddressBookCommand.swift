import ArgumentParser
import Services

/// `bifrost address-book`: names for addresses.
struct AddressBookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "address-book",
        abstract: "Name addresses, per chain; the names show next to the addresses everywhere in Bifrost.",
        discussion: """
        The book is per chain, as in Safe{Wallet}: an entry names an address on one chain ID, by default the \
        chain of the network in use. Names show in `safe info`, the queue, history, reviews and the dashboard; \
        a review warns, critically, when a recipient looks like a book entry (same first and last four hex \
        digits) but is a different address. Files are Safe{Wallet}'s CSV: address,name,chainId.

        Examples:
          bifrost address-book add 0x7099…79C8 'Payroll wallet'
          bifrost address-book import safe-address-book.csv
          bifrost address-book export --out book.csv --all
        """,
        subcommands: [AddressBookAddCommand.self, AddressBookRemoveCommand.self, AddressBookListCommand.self,
                      AddressBookImportCommand.self, AddressBookExportCommand.self]
    )
}

/// Which chain's book a command reads or changes.
struct AddressBookChainOptions: ParsableArguments {
    @Option(name: .customLong("chain-id"), help: "The chain the entry is for (default: the network in use).")
    var chainID: QuantityValue?
}
