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
        let services = try global.services()
        let items = try await services.dispatcher.dispatch(SafeHistoryQuery(safe: safe.address, chain: global.chain))
        let names = await global.names(services, chainID: items.first?.entry?.transaction.chainID)
        if global.json {
            let transactions = try Output.json(items.map(SafeHistoryItemView.init))
            let named = names.mentioned(in: transactions)
            global.output.emit([("transactions", transactions)] + (named.isEmpty ? [] : [("names", .object(named))]))
            return
        }
        let console = Console.current.naming(names)
        if items.isEmpty { console.note("No executed transactions yet.") }
        for i in items {
            let what = i.entry.map { "nonce \($0.transaction.nonce)  \($0.summary)" } ?? Hex.encode(i.safeTxHash)
            console.out("\(i.success ? "✓" : "✗ failed")  block \(i.blockNumber.map { String($0) } ?? "?")  \(what)")
        }
    }
}
