import ArgumentParser
import Foundation
import Services

/// Where rates come from and in which currency.
struct RatesOptions: ParsableArguments {
    @Option(name: .customLong("rates-url"), help: ArgumentHelp("Base URL of a CoinGecko-v3-compatible API (env BIFROST_RATES_URL; default CoinGecko).", valueName: "url"))
    var ratesURL: String?
    @Option(name: .customLong("rates-api-key-file"), help: ArgumentHelp("File holding the rates API key (\(SecretInput.fileRule)); or env BIFROST_RATES_API_KEY.", valueName: "file"))
    var apiKeyFile: String?
    @Option(help: "Fiat currency, e.g. usd or eur (env BIFROST_FIAT; default usd).")
    var fiat: String?

    func source() throws -> RatesSource {
        let env = ProcessInfo.processInfo.environment
        let text = ratesURL ?? env["BIFROST_RATES_URL"].flatMap { $0.isEmpty ? nil : $0 }
        var url = RatesSource.defaultURL
        if let text {
            guard let parsed = URL(string: text), let scheme = parsed.scheme, ["http", "https"].contains(scheme), parsed.host != nil else {
                throw InputError(option: "--rates-url", reason: "'\(text)' is not an http(s) URL")
            }
            url = parsed
        }
        let key = try apiKeyFile.map { try SecretInput.file($0, option: "--rates-api-key-file") }
            ?? SecretInput.variable("BIFROST_RATES_API_KEY")
        return RatesSource(url: url, apiKey: key)
    }

    /// The currency: --fiat, else `BIFROST_FIAT`, else usd, as every front end resolves it.
    var currency: String { SessionChoice(fiat: fiat).currency }
}

/// An ether amount's value in fiat from a cached rate, for balances and Safe info.
enum FiatValue {
    /// The fiat value of `ether` at the cached ether rate (currency from `BIFROST_FIAT`, else usd);
    /// nil when no rate was ever fetched. Reads only the cache: no network.
    static func cached(_ services: AppServices, ether: String) async -> (view: FiatValueView, line: String)? {
        let fiat = SessionChoice().currency
        let rate = try? await services.dispatcher.dispatch(CachedRateQuery(coin: "ethereum", fiat: fiat))
        return describe(ether: ether, rate: rate ?? nil)
    }

    /// The view and the human line for `ether` at the cached ether rate, if there is one.
    static func describe(ether: String, rate: Rate?) -> (view: FiatValueView, line: String)? {
        guard let rate, let view = FiatValueView(ether: ether, rate: rate) else { return nil }
        return (view, "≈ \(view.value) \(rate.fiat.uppercased()) at \(rate.price) per ETH (rate of \(view.time))")
    }
}
