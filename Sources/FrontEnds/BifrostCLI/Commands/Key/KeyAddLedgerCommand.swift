import ArgumentParser
import Services

/// `bifrost key add-ledger`: a key that stays on a Ledger.
struct KeyAddLedgerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-ledger",
        abstract: "Add a key that stays on a Ledger: its address and path are recorded, no secret.",
        discussion: """
        Connect the Ledger, unlock it and open its Ethereum app (close Ledger Live, which holds the \\
        device). The device is asked for the address at the path; --verify also shows it on the \\
        device, to compare with the one printed here. The key then signs wherever --key takes a name \\
        (safe sign, safe message sign, safe execute, send, tx sign, sign message, and the dashboard), \\
        with no password: each signature is confirmed on the device. Set BIFROST_LEDGER=tcp:HOST:PORT \\
        to use the Ledger emulator (speculos) instead of USB. See docs/ledger.md.

        Examples:
          bifrost key add-ledger --name treasury-ledger
          bifrost key add-ledger --name second --index 1 --verify
          bifrost key add-ledger --name legacy --path "m/44'/60'/0'/0" --json
        """
    )

    @Option(help: "A name for the key (letters, digits, '-', '_' and '.').")
    var name: String
    @Option(help: "Account index: the path m/44'/60'/0'/0/INDEX (default 0).")
    var index: UInt32?
    @Option(help: ArgumentHelp("An explicit BIP32 path, e.g. \"m/44'/60'/1'/0/0\" (Ledger Live's accounts).", valueName: "path"))
    var path: String?
    @Flag(help: "Show the address on the device too, to compare it before it is added.")
    var verify = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard !(index != nil && path != nil) else { throw ValidationError("give either --index or --path") }
        guard (index ?? 0) < 0x8000_0000 else { throw ValidationError("--index must be below 2147483648") }
    }

    func run() async throws {
        let chosen: DerivationPath
        if let path {
            do { chosen = try DerivationPath(path) } catch { throw InputError(option: "--path", reason: error.description) }
        } else {
            chosen = try .ethereum(index: index ?? 0)
        }
        let keys = try global.services().dispatcher
        try await keys.dispatch(CheckKeyName(name: name))
        if !global.json { Console.current.err("Asking the Ledger for the address at \(chosen)…") }
        let account = try await keys.dispatch(AddLedgerKey(name: name, path: chosen, verify: verify))
        if global.json {
            try global.output.emit(view: AccountView(account))
            return
        }
        Console.current.out("Added '\(UntrustedText.visible(name))': \(account.address.checksummed) at \(chosen) on the Ledger (no secret stored)")
    }
}
