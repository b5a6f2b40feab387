import ArgumentParser
import Services

/// `bifrost safe queue`.
struct SafeQueueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "List a Safe's transactions waiting for signatures or execution, by nonce.",
        discussion: "When the node is unreachable the queue as last stored is shown."
    )
    @Argument(help: "The Safe's address.")
    var safe: AddressValue
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let q = try await global.services().dispatcher.dispatch(SafeQueueQuery(safe: safe.address, chain: global.chain))
        if global.json {
            try global.output.emit(view: SafeQueueView(q))
            return
        }
        let console = Console.current
        if !q.live { console.err("warning: the node is unreachable; showing the queue as last stored") }
        if q.entries.isEmpty { console.note("Nothing queued for \(q.safe.address.checksummed) (nonce \(q.safe.nonce)).") }
        for e in q.entries {
            let count = q.confirmations(of: e)
            let ready = count.isReady ? "ready" : "\(count.confirmed)/\(count.threshold) signed"
            console.out("nonce \(e.transaction.nonce)  \(ready)  \(e.summary)\n  \(Hex.encode(e.safeTxHash))")
        }
    }
}
