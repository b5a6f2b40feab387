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
