import ArgumentParser
import Foundation
import Services

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
        // Coin IDs and prices come from the rates service.
        let names = rates.map { UntrustedText.visible($0.coin) }, prices = rates.map { UntrustedText.visible($0.price) }
        let nameWidth = names.map(\.count).max() ?? 0
        let priceWidth = prices.map(\.count).max() ?? 0
        return zip(names, zip(prices, rates)).map { name, priced in
            let (price, r) = priced
            return name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: priceWidth - price.count) + price + " " + UntrustedText.visible(r.fiat.uppercased())
                + "  " + ISO8601DateFormatter().string(from: r.time) + (r.stale ? "  (stale)" : "")
        }.joined(separator: "\n")
    }
}
