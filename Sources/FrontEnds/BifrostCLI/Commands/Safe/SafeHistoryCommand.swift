import ArgumentParser
import Services

/// `bifrost safe history`.
struct SafeHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List a Safe's executed transactions from its ExecutionSuccess/ExecutionFailure events, newest first.",
        discussion: """
        With --csv, every asset movement since the Safe's creation instead, oldest first, as accounting tools \
        import it: date (UTC), transaction_hash, nonce, direction (in, out, or fee for an execution that moved \
        nothing), asset, asset_address, amount (display units), counterparty_name, counterparty_address and \
        fee_eth (what the execution cost its executor, on its first row). Ether comes in through SafeReceived \
        events and goes out through executions; tokens move by their Transfer events.

        Example: bifrost safe history 0x1d5e…d5e1 --csv --out ledger.csv
        """
    )
    @Argument(help: "The Safe's address.")
    var safe: AddressValue
    @Flag(help: "Every asset movement as CSV, for accounting.")
    var csv = false
    @Option(help: ArgumentHelp("With --csv: the file to write (default: stdout).", valueName: "file"))
    var out: String?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if out != nil, !csv { throw ValidationError("--out goes with --csv") }
    }

    func run() async throws {
        let services = try global.services()
        if csv { return try await writeLedger(services) }
        let items = try await services.dispatcher.dispatch(SafeHistoryQuery(safe: safe.address, chain: global.chain))
        let names = await global.names(services, chainID: items.first?.entry?.transaction.chainID)
        if global.json {
            global.output.emit([("transactions", try Output.json(items.map(SafeHistoryItemView.init)))], names: names)
            return
        }
        let console = Console.current.naming(names)
        if items.isEmpty { console.note("No executed transactions yet.") }
        for i in items {
            let what = i.entry.map { "nonce \($0.transaction.nonce)  \(UntrustedText.visible($0.summary))" } ?? Hex.encode(i.safeTxHash)
            console.out("\(i.success ? "✓" : "✗ failed")  block \(i.blockNumber.map { String($0) } ?? "?")  \(what)")
        }
    }

    private func writeLedger(_ services: AppServices) async throws {
        Console.current.progress("Reading the Safe's transfers and executions…")
        let rows = try await services.dispatcher.dispatch(SafeLedgerQuery(safe: safe.address, chain: global.chain))
        let names = await global.names(services, chainID: nil)
        guard try OutFile.write(SafeLedgerRow.csv(rows, names: names), to: out ?? "-", isJSON: false) else { return }
        if global.json {
            global.output.emit([("file", .string(out ?? "-")), ("rows", .number(String(rows.count)))])
        } else {
            Console.current.out("Wrote \(rows.count) row\(rows.count == 1 ? "" : "s") to \(out ?? "-").")
        }
    }
}
