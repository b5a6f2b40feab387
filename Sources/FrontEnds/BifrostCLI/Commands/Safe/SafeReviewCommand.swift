import ArgumentParser
import Services

/// `bifrost safe review`.
struct SafeReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Show what a Safe transaction will do before you sign it: every call decoded, its effect and events, the risks, and the hashes.",
        discussion: """
        Known functions are shown by name with their arguments (ERC-20 calls, owner and module management, \
        MultiSend batches call by call). A delegatecall to anything but a known MultiSend, the release's \
        SignMessageLib or an official SafeMigration is flagged: that code \
        runs as the Safe. The simulation runs the call as the Safe on the node, without signatures; offline it is skipped.
        Then the Safe after the transaction (singleton, owners, threshold, modules, guards, balances, each before → after), \
        the events its execution would emit, decoded, and the named risks (a refund drain, a nonce ahead or taken, a \
        look-alike recipient, a threshold no one could reach again, Safes that own each other): all from the node alone.
        Compare the hashes and the EIP-712 fields with your hardware wallet's screen before you sign.

        Example: bifrost safe review 0x5f3a…9c1e
        """
    )
    @Argument(help: ArgumentHelp("The transaction's safeTxHash.", valueName: "safe-tx-hash"))
    var safeTxHash: SafeTxHashValue
    @Flag(name: .customLong("no-after-state"), help: "Skip the Safe after the transaction and its events (one batch of three calls less).")
    var noAfterState = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try global.services()
        let dispatcher = services.dispatcher
        let detail = try await dispatcher.dispatch(SafeTransactionQuery(safeTxHash: safeTxHash.bytes))
        let review = try await dispatcher.dispatch(ReviewSafeTransaction(safeTxHash: safeTxHash.bytes, chain: global.chain, afterState: !noAfterState))
        let names = await global.names(services, chainID: detail.entry.transaction.chainID)
        if global.json {
            try global.output.emit(view: SafeReviewView(review, entry: detail.entry), names: names)
            return
        }
        Self.show(review, of: detail.entry.transaction, summary: detail.entry.summary, standing: detail.view.standing, hashes: detail.hashes,
                  console: Console.current.naming(names))
    }

    /// A review as lines: the summary, the Safe, nonce and `standing`, the warnings, the calls, the
    /// simulation, the Safe after it and the risks, then the hashes. `safe propose --dry-run` shows a draft the same way.
    static func show(_ review: SafeTransactionReview, of tx: SafeTx, summary: String, standing: String, hashes: SafeHashesView, console: Console) {
        console.out("\(UntrustedText.visible(summary))\nSafe \(tx.safe.checksummed)  nonce \(tx.nonce)  \(standing)")
        for warning in review.call.allWarnings { console.out("WARNING: \(UntrustedText.visible(warning))") }
        console.out(Self.lines(review.call).joined(separator: "\n"))
        console.out("simulation: \(UntrustedText.visible(review.simulation.description))")
        for line in AfterStateLines.lines(review, everything: true) { console.out(line) }
        console.out(hashes.lines.map { UntrustedText.visible($0) }.joined(separator: "\n"))
    }

    /// A call and its inner calls as lines: the first starts with `first`, the rest with `rest`.
    static func lines(_ call: DecodedCall, first: String = "", rest: String = "") -> [String] {
        var head = UntrustedText.visible(call.headline)
        if let function = call.function, call.calls.isEmpty {
            let ether = call.value > 0 ? " with \(EtherAmount(wei: call.value).exact(in: .ether)) ETH" : ""
            head = (call.operation == .delegateCall ? "delegatecall " : "") + UntrustedText.visible(function) + " on \(call.to.checksummed)" + ether
        } else if !call.data.isEmpty {
            head += call.calls.isEmpty ? " on \(call.to.checksummed)" : " via \(call.to.checksummed)"
        }
        var out = [first + head]
        let names = call.arguments.map { UntrustedText.visible($0.name) }
        let width = names.map(\.count).max() ?? 0
        for (name, a) in zip(names, call.arguments) where call.calls.isEmpty {
            let value = a.units.map { "\(UntrustedText.visible($0)) (\(UntrustedText.visible(a.value)))" } ?? UntrustedText.visible(a.value)
            out.append(rest + "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
        for (i, inner) in call.calls.enumerated() {
            out += lines(inner, first: rest + "  \(i + 1). ", rest: rest + "     ")
        }
        return out
    }
}
