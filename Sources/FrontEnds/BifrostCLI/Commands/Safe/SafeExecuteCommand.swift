import ArgumentParser
import Services

/// `bifrost safe execute`.
struct SafeExecuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "execute",
        abstract: "Execute a Safe transaction once enough owners signed, or several at once; simulated first, and never sent if the simulation fails.",
        discussion: """
        The executing key pays the gas; it need not be an owner. If it belongs to an owner who has not \
        signed, sending counts as that owner's confirmation. On a terminal it first shows what the \
        transaction changes, then the execution transaction's own hash once it is signed and before it is broadcast.

        Given several hashes (or --batch), it executes them in one Ethereum transaction through \
        MultiSendCallOnly, in nonce order: their nonces must follow one another from the Safe's, and \
        each must already hold its threshold of signatures (a batch cannot count the sender's own).

        A Safe created with 'safe create --counterfactual' is deployed by its first execution: the \
        factory call and the execution go in one Ethereum transaction through MultiSendCallOnly, so \
        there too the sender's own signature cannot count.

        Example: bifrost safe execute 0x5f3a…9c1e --key bob --wait
        Example: bifrost safe execute 0x5f3a…9c1e 0x7d2b…41aa --key bob --wait
        """
    )
    @Argument(help: ArgumentHelp("The transactions' safeTxHashes; two or more execute as one batch.", valueName: "safe-tx-hash"))
    var safeTxHashes: [SafeTxHashValue]
    @Flag(help: "Execute the hashes given as one batch (implied by two or more).")
    var batch = false
    @Option(help: "The key that sends (and pays for) the execution: a vault key, or a Ledger key.")
    var key: String
    @Flag(help: "Wait for the receipt and report the Safe's verdict.")
    var wait = false
    @Option(help: "Seconds to wait for the receipt.")
    var timeout: Int = 120
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard !safeTxHashes.isEmpty else { throw ValidationError("Name the transaction's safeTxHash.") }
        if batch, safeTxHashes.count < 2 { throw ValidationError("--batch needs two safeTxHashes or more.") }
    }

    func run() async throws {
        let name = key, passwords = password, json = global.json
        let dispatcher = try global.services().dispatcher
        if safeTxHashes.count > 1 {
            let r = try await dispatcher.dispatch(ExecuteSafeBatch(
                safeTxHashes: safeTxHashes.map(\.bytes), keyName: key, chain: global.chain, wait: wait, timeoutSeconds: timeout,
                password: { try passwords.unlock(name) }, progress: { if !json { Self.report($0) } }))
            return try global.output.emit(view: SafeBatchExecutionView(r))
        }
        let hash = safeTxHashes[0].bytes
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
