import ArgumentParser
import Foundation
import Services

/// `bifrost rates history`.
struct RatesHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "A coin's price history; drawn as a chart, or as points with --json.")
    @Argument(help: "The coin ID, e.g. ethereum.")
    var coin: String
    @Option(help: "How many days back.")
    var days: Int = 30
    @OptionGroup var rates: RatesOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (1...3650).contains(days) else { throw ValidationError("--days must be between 1 and 3650") }
    }

    func run() async throws {
        let h = try await global.services().dispatcher.dispatch(FetchRateHistory(
            coin: coin.lowercased(), fiat: rates.currency, days: days, source: try rates.source()))
        if let warning = h.warning { Console.current.err("warning: \(warning)") }
        if global.json {
            try global.output.emit(view: RateHistoryView(h))
            return
        }
        guard let first = h.points.first, let last = h.points.last else {
            Console.current.note("No prices for \(UntrustedText.visible(h.coin)) in the last \(days) days.")
            return
        }
        Console.current.out("\(UntrustedText.visible(h.coin)) in \(UntrustedText.visible(h.fiat.uppercased())), last \(days) days" + (h.stale ? " (stale)" : ""))
        Console.current.out(TerminalChart.render(values: h.points.compactMap { Double($0.price) }, first: first.time, last: last.time,
                                                 unit: h.fiat.uppercased()))
    }
}
