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
        let services = try global.services()
        let q = try await services.dispatcher.dispatch(SafeQueueQuery(safe: safe.address, chain: global.chain))
        let view = SafeQueueView(q)
        let names = await global.names(services, chainID: q.safe.chainID)
        if global.json {
            try global.output.emit(view: view, names: names)
            return
        }
        let console = Console.current.naming(names)
        if !view.live { console.err("warning: the node is unreachable; showing the queue as last stored") }
        if view.transactions.isEmpty { console.note("Nothing queued for \(view.safe) (nonce \(view.nonce)).") }
        for t in view.transactions {
            console.out("nonce \(t.nonce)  \(t.standing)  \(UntrustedText.visible(t.summary))\n  \(t.safeTxHash)")
        }
    }
}
