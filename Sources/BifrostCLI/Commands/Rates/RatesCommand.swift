import ArgumentParser
import Foundation
import Services

/// `bifrost rates`: fiat prices.
struct RatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rates",
        abstract: "Show coin prices in fiat from a CoinGecko-v3-compatible API, and their history as a chart.",
        discussion: """
        Prices are cached with their time. When the API is unreachable, fails or answers in an \
        unexpected shape, the last known prices are shown marked stale, with a warning on stderr. \
        An impossible price (not above 0 and at most 1e15 per coin) or time (not between 1970 and \
        2100) counts as an unexpected shape, and is never cached. \
        Cached ether prices also give 'bifrost balance' and 'bifrost safe info' their fiat values.

        Examples:
          bifrost rates --coins bitcoin,ethereum --fiat eur
          bifrost rates history ethereum --days 30
          BIFROST_RATES_URL=http://127.0.0.1:8080/api/v3 bifrost rates --json
        """,
        subcommands: [RatesNowCommand.self, RatesHistoryCommand.self],
        defaultSubcommand: RatesNowCommand.self
    )
}

/// `bifrost rates` (`now`).
struct RatesNowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "now", abstract: "Current prices (the default).")
    @Option(help: ArgumentHelp("Comma-separated coin IDs as the API names them.", valueName: "ids"))
    var coins: String = "bitcoin,ethereum"
    @OptionGroup var rates: RatesOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let ids = coins.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        guard !ids.isEmpty else { throw InputError(option: "--coins", reason: "give at least one coin ID, e.g. ethereum") }
        let result = try await global.services().dispatcher.dispatch(FetchRates(coins: ids, fiat: rates.currency, source: try rates.source()))
        if let warning = result.warning { Console.current.err("warning: \(warning)") }
        if global.json {
            global.output.emit([("rates", try Output.json(result.rates.map(RateView.init)))])
            return
        }
        Console.current.out(Self.render(result.rates))
    }

    /// One aligned line per coin: name, price, currency, time, and a stale mark.
    static func render(_ rates: [Rate]) -> String {
        let nameWidth = rates.map(\.coin.count).max() ?? 0
        let priceWidth = rates.map(\.price.count).max() ?? 0
        return rates.map { r in
            r.coin.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: priceWidth - r.price.count) + r.price + " " + r.fiat.uppercased()
                + "  " + ISO8601DateFormatter().string(from: r.time) + (r.stale ? "  (stale)" : "")
        }.joined(separator: "\n")
    }
}

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
            Console.current.note("No prices for \(h.coin) in the last \(days) days.")
            return
        }
        Console.current.out("\(h.coin) in \(h.fiat.uppercased()), last \(days) days" + (h.stale ? " (stale)" : ""))
        Console.current.out(TerminalChart.render(values: h.points.compactMap { Double($0.price) }, first: first.time, last: last.time,
                                                 unit: h.fiat.uppercased()))
    }
}
