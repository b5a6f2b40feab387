import ArgumentParser
import Services

/// `bifrost safe approve`.
struct SafeApproveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Confirm a Safe transaction on chain with approveHash, for an owner who cannot sign off-chain.",
        discussion: """
        With --key alone, that owner's vault key sends approveHash(safeTxHash) to the Safe and pays \
        the gas. With --via SAFE, an owner that is itself a Safe approves through its own multisig \
        flow: Bifrost proposes, in SAFE, the call approveHash(safeTxHash) on this Safe (and signs it \
        with --key when given); SAFE's owners then sign and execute that transaction as any other. \
        Either way the approval counts only once this Safe's approvedHashes says so on chain.

        Examples:
          bifrost safe approve 0x5f3a…9c1e --key alice --wait
          bifrost safe approve 0x5f3a…9c1e --via 0x1d5e…d5e1 --key carol
        """
    )
    @Argument(help: ArgumentHelp("The transaction's safeTxHash.", valueName: "safe-tx-hash"))
    var safeTxHash: SafeTxHashValue
    @Option(help: "The vault key: the approving owner, or with --via an owner of that Safe who signs its transaction.")
    var key: String?
    @Option(help: ArgumentHelp("An owner that is itself a Safe (followed here): it approves through its own transaction.", valueName: "SAFE"))
    var via: AddressValue?
    @Flag(help: "Wait for the receipt (without --via).")
    var wait = false
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if via == nil && key == nil { throw ValidationError("give --key (the approving owner) or --via SAFE (an owner Safe)") }
    }

    func run() async throws {
        let hash = safeTxHash.bytes
        let services = try global.services()
        let passwords = password, json = global.json
        if let via {
            let entry = try await services.dispatcher.dispatch(ProposeOwnerSafeApproval(safeTxHash: hash, ownerSafe: via.address, chain: global.chain))
            var confirmations = 0
            if let key {
                confirmations = try await services.dispatcher.dispatch(SignSafeTransaction(
                    safeTxHash: entry.safeTxHash, keyName: key, password: { try passwords.unlock(key) })).count.confirmed
            }
            try global.output.emit(view: SafeApprovalView(ownerSafe: via.address, entry: entry, confirmations: confirmations))
            if !json {
                Console.current.err("Next: the owners of \(via.address.checksummed) sign and execute \(Hex.encode(entry.safeTxHash)); then execute \(Hex.encode(hash))")
            }
            return
        }
        guard let key else { return }
        let r = try await services.dispatcher.dispatch(ApproveSafeTransaction(
            safeTxHash: hash, keyName: key, chain: global.chain, wait: wait,
            password: { try passwords.unlock(key) }, progress: { if !json { SendCommand.report($0) } }))
        try global.output.emit(view: SafeApprovalView(sent: r))
    }
}
