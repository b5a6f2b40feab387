import ArgumentParser
import Services

/// `bifrost util keccak`: Keccak-256 of text or hex bytes.
struct KeccakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keccak",
        abstract: "Keccak-256 of hex bytes, or of UTF-8 text with --text.",
        discussion: """
        Examples:
          bifrost util keccak --text 'transfer(address,uint256)'
          bifrost util keccak 0xdeadbeef
        """
    )

    @Option(name: .long, help: "Hash this UTF-8 text.")
    var text: String?

    @Argument(help: ArgumentHelp("Bytes to hash, as hex.", valueName: "hex"))
    var hex: HexValue?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (text == nil) != (hex == nil) else { throw ValidationError("give either --text TEXT or HEX, not both or neither") }
    }

    func run() async throws {
        let bytes = text.map { Array($0.utf8) } ?? hex?.bytes ?? []
        global.output.emit(single: "hash", .string(Hex.encode(Keccak256.hash(bytes))))
    }
}
