import ArgumentParser
import Services

/// `bifrost safe execute`.
struct SafeExecuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "execute",
        abstract: "Execute a Safe transaction once enough owners signed; simulated first, and never sent if the simulation fails.",
        discussion: """
        The executing key pays the gas. If it belongs to an owner who has not signed, sending counts \
        as that owner's confirmation. On a terminal it first shows what the transaction changes, then \
        the execution transaction's own hash once it is signed and before it is broadcast.

        Example: bifrost safe execute 0x5f3a…9c1e --key bob --wait
        """
    )
    @Argument(help: ArgumentHelp("The transaction's safeTxHash.", valueName: "safe-tx-hash"))
    var safeTxHash: SafeTxHashValue
    @Option(help: "The vault key that sends (and pays for) the execution.")
    var key: String
    @Flag(help: "Wait for the receipt and report the Safe's verdict.")
    var wait = false
    @Option(help: "Seconds to wait for the receipt.")
    var timeout: Int = 120
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let hash = safeTxHash.bytes
        let name = key, passwords = password, json = global.json
        let dispatcher = try global.services().dispatcher
        if !json { await AfterStateLines.show(hash, dispatcher: dispatcher, chain: global.chain) }
        let r = try await dispatcher.dispatch(ExecuteSafeTransaction(
            safeTxHash: hash, keyName: key, chain: global.chain, wait: wait, timeoutSeconds: timeout,
            password: { try passwords.unlock(name) }, progress: { if !json { Self.report($0) } }))
        try global.output.emit(view: SafeExecutionView(r))
    }

    /// Progress as `send` reports it, naming the execution transaction before it is broadcast.
    static func report(_ step: SendProgress) {
        guard case .signed(let hash) = step else { return SendCommand.report(step) }
        Console.current.progress("Signed the execution transaction \(Hex.encode(hash)); broadcasting it…")
    }
}
