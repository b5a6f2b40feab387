import ArgumentParser
import Services

/// `bifrost safe history`.
struct SafeHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List a Safe's executed transactions from its ExecutionSuccess/ExecutionFailure events, newest first."
    )
    @Argument(help: "The Safe's address.")
    var safe: AddressValue
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let items = try await global.services().dispatcher.dispatch(SafeHistoryQuery(safe: safe.address, chain: global.chain))
        if global.json {
            global.output.emit([("transactions", try Output.json(items.map(SafeHistoryItemView.init)))])
            return
        }
        if items.isEmpty { Console.current.note("No executed transactions yet.") }
        for i in items {
            let what = i.entry.map { "nonce \($0.transaction.nonce)  \($0.summary)" } ?? Hex.encode(i.safeTxHash)
            Console.current.out("\(i.success ? "✓" : "✗ failed")  block \(i.blockNumber.map { String($0) } ?? "?")  \(what)")
        }
    }
}
