import ArgumentParser
import Services

/// `bifrost address-book import`.
struct AddressBookImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add every entry of a Safe{Wallet} address book CSV (address,name,chainId); one bad line refuses the file.",
        discussion: "A row without a chainId is for the network in use. Names already in the book are replaced."
    )
    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file"))
    var file: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let text = String(decoding: try Input.file(file, option: "file"), as: UTF8.self)
        let entries = try await global.services().dispatcher.dispatch(ImportAddressBook(csv: text, chain: global.chain))
        if global.json {
            global.output.emit([("imported", try Output.json(entries.map(AddressBookEntryView.init)))])
            return
        }
        Console.current.out("Imported \(entries.count) entr\(entries.count == 1 ? "y" : "ies").")
    }
}
