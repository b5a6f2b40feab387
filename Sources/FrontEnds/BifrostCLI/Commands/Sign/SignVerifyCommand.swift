import ArgumentParser
import Services

/// Raised when `--address` names a different signer than the signature's.
struct SignerMismatch: Error, CustomStringConvertible {
    let expected: Address
    let actual: Address
    var description: String { "signature was made by \(actual.checksummed), not \(expected.checksummed)" }
}

/// `bifrost sign verify`: who signed a message or typed data.
struct SignVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Recover the signer of a message or typed data; with --address, fail unless it matches.",
        discussion: """
        Examples:
          bifrost sign verify --message hello --signature 0x…
          bifrost sign verify --typed-data permit.json --signature 0x… --address 0xAb… --json
        """
    )

    @Option(help: "The signed message (UTF-8 text, or hex with --hex).")
    var message: String?

    @Flag(name: .long, help: "Treat --message as hex-encoded bytes.")
    var hex = false

    @Option(name: .customLong("typed-data"), help: ArgumentHelp("The signed typed-data JSON file.", valueName: "file"))
    var typedData: String?

    @Option(help: "The 65-byte signature r‖s‖v, as hex.")
    var signature: HexValue

    @Option(help: "Expected signer; the command exits 1 if the signature is from someone else.")
    var address: AddressValue?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (message == nil) != (typedData == nil) else {
            throw ValidationError("give either --message or --typed-data")
        }
    }

    func run() async throws {
        let payload: SignedPayload
        if let message {
            payload = .message(try MessageInput.bytes(message, isHex: hex, option: "--message"))
        } else {
            payload = .typedData(try MessageInput.typedData(file: typedData ?? "", option: "--typed-data"))
        }
        let sig = signature.bytes
        let signer = try MessageSigner().recoverSigner(of: payload, signature: sig)
        if let address {
            let expected = address.address
            guard expected == signer else { throw SignerMismatch(expected: expected, actual: signer) }
        }
        global.output.emit(single: "address", .string(signer.checksummed))
    }
}
