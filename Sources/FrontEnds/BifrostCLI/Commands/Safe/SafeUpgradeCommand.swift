import ArgumentParser
import BigInt
import Foundation
import Services

/// `bifrost safe upgrade`.
struct SafeUpgradeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade",
        abstract: "Propose moving a Safe to another release (its singleton, and its fallback handler where that changes).",
        discussion: """
        The upgrade is an ordinary Safe transaction, proposed like `bifrost safe propose` (with the same \
        review: the decoded calls, the Safe after it, the risks) and signed and executed by the owners. \
        Which transaction depends on the Safe:
          1.1.1 to 1.3.0: changeMasterCopy + setFallbackHandler in one MultiSend
          1.1.1 to 1.3.0 or 1.4.1 with --l2: SafeToL2Migration.migrateFromV111
          1.3.0 or 1.4.1 to its own release with --l2: SafeToL2Migration.migrateToL2
        The moves to L2 take only a Safe that has executed no transaction yet (nonce 0), as the \
        migration contract requires. Anything else is refused with the reason, before anything is \
        stored. The new singleton must report the release asked for, and every contract the upgrade \
        calls must have code.
        --singleton names the singleton to move to when the network's deployments list another one \
        (Safe 1.3.0 has two L2 deployments, for example).
        --dry-run shows the review and stores nothing; --key also signs the proposal with that owner key.

        Examples:
          bifrost safe upgrade 0x1d5e…d5e1 --to 1.3.0 --dry-run
          bifrost safe upgrade 0x1d5e…d5e1 --to 1.3.0 --key alice
          bifrost safe upgrade 0x1d5e…d5e1 --to 1.3.0 --l2 --json
        """
    )

    @Argument(help: "The Safe's address.")
    var safe: AddressValue
    @Option(help: ArgumentHelp("The release to move to, e.g. 1.3.0.", valueName: "version"))
    var to: DeployableSafeVersion
    @Flag(help: "Move to the release's L2 singleton, through the official SafeToL2Migration.")
    var l2 = false
    @Option(help: ArgumentHelp("The singleton to move to, instead of the one the network's deployments name.", valueName: "address"))
    var singleton: AddressValue?
    @Option(help: "Use this nonce instead of the next free one.")
    var nonce: QuantityValue?
    @Flag(name: .customLong("dry-run"), help: "Show the review of the upgrade and store nothing.")
    var dryRun = false
    @Option(help: "Sign the proposal with this owner's vault key.")
    var key: String?
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if dryRun, key != nil { throw ValidationError("--dry-run stores and signs nothing; drop --key, or --dry-run") }
    }

    private var intent: SafeIntent { .upgrade(SafeUpgradeRequest(to: to.version, l2: l2, singleton: singleton?.address)) }

    func run() async throws {
        let services = try global.services()
        let dispatcher = services.dispatcher
        if dryRun {
            let draft = try await dispatcher.dispatch(DraftSafeTransaction(safe: safe.address, intent: intent, nonce: nonce?.value, chain: global.chain))
            let review = try await dispatcher.dispatch(ReviewSafeTransaction(draft: draft, chain: global.chain))
            let names = await global.names(services, chainID: draft.transaction.chainID)
            if global.json { return try global.output.emit(view: SafeDraftReviewView(review, draft: draft), names: names) }
            SafeReviewCommand.show(review, of: draft.transaction, summary: draft.summary, standing: "draft, not stored",
                                   hashes: try SafeHashesView(draft.transaction), console: Console.current.naming(names))
            Console.current.err("Nothing was stored. Propose it: the same command without --dry-run.")
            return
        }
        Console.current.progress("Reading the Safe and the release's contracts…")
        let entry = try await dispatcher.dispatch(ProposeSafeTransaction(safe: safe.address, intent: intent, nonce: nonce?.value, chain: global.chain))
        let hash = Hex.encode(entry.safeTxHash)
        if let key {
            let name = key, passwords = password
            let signed = try await dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: key,
                                                                           password: { try passwords.unlock(name) }))
            if global.json { return try global.output.emit(view: SafeConfirmationsView(signed)) }
            Console.current.out("Proposed and signed: \(UntrustedText.visible(entry.summary))\nnonce:      \(entry.transaction.nonce)\nsafeTxHash: \(hash)")
            Console.current.err(signed.count.isReady ? "Ready: bifrost safe execute \(hash) --key NAME" : "Next: the other owners sign it: bifrost safe sign \(hash) --key NAME")
            return
        }
        if global.json { return try global.output.emit(view: SafeProposalView(entry)) }
        Console.current.out("Proposed: \(UntrustedText.visible(entry.summary))\nnonce:      \(entry.transaction.nonce)\nsafeTxHash: \(hash)")
        Console.current.err("Next: bifrost safe review \(hash), then bifrost safe sign \(hash) --key NAME")
    }
}
