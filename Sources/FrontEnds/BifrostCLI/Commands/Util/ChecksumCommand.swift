import ArgumentParser
import Services

/// `bifrost util checksum`: the EIP-55 form of an address.
struct ChecksumCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checksum",
        abstract: "Print an address in EIP-55 checksum form; a wrong mixed-case checksum is an error.",
        discussion: "Example: bifrost util checksum 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"
    )

    @Argument(help: ArgumentHelp("The address, any case.", valueName: "address"))
    var address: AddressValue

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let parsed = address.address
        global.output.emit(single: "address", .string(parsed.checksummed))
    }
}
