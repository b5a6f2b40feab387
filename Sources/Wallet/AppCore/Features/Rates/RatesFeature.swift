import Foundation

/// Fiat prices with their history: current rates (stale ones marked) and a chart's points.
public enum RatesFeature {
    public struct State: Equatable, Sendable {
        public var coins: [String]
        public var fiat: String
        public var rates: [Rate] = []
        public var history: [String: [Double]] = [:]
        public var warning: String?
        public var loading = false
        public var error: FeatureError?
        public init(coins: [String] = ["bitcoin", "ethereum"], fiat: String = "usd") {
            self.coins = coins
            self.fiat = fiat
        }
    }

    public enum Action: Equatable, Sendable {
        case refresh
        case ratesLoaded(Result<RatesResult, FeatureError>)
        case historyTapped(coin: String, days: Int)
        case historyLoaded(coin: String, Result<[Double], FeatureError>)
        case fiatChanged(String)
    }

    public struct Dependencies: Sendable {
        public var rates: @Sendable ([String], String) async throws -> RatesResult
        public var history: @Sendable (String, String, Int) async throws -> [Double]

        public init(rates: @escaping @Sendable ([String], String) async throws -> RatesResult,
                    history: @escaping @Sendable (String, String, Int) async throws -> [Double]) {
            self.rates = rates
            self.history = history
        }

        /// Wired to the rates store and `source`.
        public static func live(_ session: Session, source: RatesSource) -> Dependencies {
            let services = session.services
            return Dependencies(
                rates: { coins, fiat in try await services.dispatcher.dispatch(FetchRates(coins: coins, fiat: fiat, source: source)) },
                history: { coin, fiat, days in
                    try await services.dispatcher.dispatch(FetchRateHistory(coin: coin, fiat: fiat, days: days, source: source))
                        .points.compactMap { Double($0.price) }
                })
        }

        /// Fixed answers: `result` for any coins, and `history` for any coin.
        public static func mock(_ result: RatesResult, history: [Double] = []) -> Dependencies {
            Dependencies(rates: { _, _ in result }, history: { _, _, _ in history })
        }

        /// Fails everything.
        public static let failing = Dependencies(rates: { _, _ in throw FeatureProblem.unavailable("rates") },
                                                 history: { _, _, _ in throw FeatureProblem.unavailable("history") })
    }

    enum CancelID: Hashable, Sendable { case rates }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .refresh:
                state.loading = true
                state.error = nil
                let fetch = dependencies.rates, coins = state.coins, fiat = state.fiat
                return .run { send in await send(.ratesLoaded(await FeatureError.result { try await fetch(coins, fiat) })) }
                    .cancellable(id: CancelID.rates, cancelInFlight: true)
            case .ratesLoaded(.success(let result)):
                state.loading = false
                state.rates = result.rates
                state.warning = result.warning
                return .none
            case .ratesLoaded(.failure(let error)):
                state.loading = false
                state.error = error
                return .none
            case .historyTapped(let coin, let days):
                let history = dependencies.history, fiat = state.fiat
                return .run { send in await send(.historyLoaded(coin: coin, await FeatureError.result { try await history(coin, fiat, days) })) }
            case .historyLoaded(let coin, .success(let points)):
                state.history[coin] = points
                return .none
            case .historyLoaded(_, .failure(let error)):
                state.error = error
                return .none
            case .fiatChanged(let fiat):
                state.fiat = fiat.lowercased()
                state.rates = []
                state.history = [:]
                return .send(.refresh)
            }
        }
    }
}
