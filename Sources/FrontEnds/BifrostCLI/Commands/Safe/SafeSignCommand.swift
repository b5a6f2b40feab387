import ArgumentParser
import BigInt
import Services

/// `bifrost safe sign`.
struct SafeSignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a proposed or imported Safe transaction with a vault key or a Ledger key; works offline.",
        discussion: """
        A key that is not an owner of the Safe is refused before the password is asked. With --as SAFE, \
        the key signs for an owner that is itself a Safe (followed here, and the key one of its owners): \
        it signs SAFE's EIP-1271 message for the transaction, and SAFE's confirmation counts once enough \
        of its own owners signed and its isValidSignature accepts on chain.

        A Ledger key (bifrost key add-ledger) asks for no password: the domain hash and the message \
        hash are printed, and the Ethereum app shows the same two hashes (turn on blind signing in its \
        settings). With --eth-sign the key signs the safeTxHash as a personal message instead (an \
        eth_sign signature, v 31/32), which the app shows as that hash.

        Examples:
          bifrost safe sign 0x5f3a…9c1e --key alice
          bifrost safe sign 0x5f3a…9c1e --key my-ledger
          bifrost safe sign 0x5f3a…9c1e --key carol --as 0x1d5e…d5e1
        """
    )
    @Argument(help: ArgumentHelp("The transaction's safeTxHash.", valueName: "safe-tx-hash"))
    var safeTxHash: SafeTxHashValue
    @Option(help: "The owner's key: a vault key, or a Ledger key (confirm on the device).")
    var key: String
    @Option(name: .customLong("as"), help: ArgumentHelp("Sign for this owner Safe, as one of its owners.", valueName: "SAFE"))
    var ownerSafe: AddressValue?
    @Flag(name: .customLong("eth-sign"), help: "Sign the safeTxHash as a personal message (eth_sign, v 31/32) rather than as EIP-712.")
    var ethSign = false
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let hash = safeTxHash.bytes
        let name = key, passwords = password
        let dispatcher = try global.services().dispatcher
        if !global.json { await AfterStateLines.show(hash, dispatcher: dispatcher, chain: global.chain) }
        if ethSign, ownerSafe != nil { throw InputError(option: "--eth-sign", reason: "an owner Safe's signature (--as) is always EIP-712") }
        let c = if let ownerSafe {
            try await dispatcher.dispatch(SignForOwnerSafe(safeTxHash: hash, ownerSafe: ownerSafe.address, keyName: key,
                                                           password: { try passwords.unlock(name) }))
        } else {
            try await dispatcher.dispatch(SignSafeTransaction(safeTxHash: hash, keyName: key, ethSign: ethSign, password: { try passwords.unlock(name) }))
        }
        try global.output.emit(view: SafeConfirmationsView(c))
        if !global.json {
            Console.current.err(c.count.isReady
                ? "Ready: bifrost safe execute \(Hex.encode(hash)) --key NAME"
                : "Needs \(c.count.threshold - BigUInt(c.count.confirmed)) more: bifrost safe export \(Hex.encode(hash)) --out FILE, and pass it on")
        }
    }
}
