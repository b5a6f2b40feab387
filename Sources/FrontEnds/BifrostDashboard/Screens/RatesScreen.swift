import AppCore
import Foundation

/// Current prices, stale ones marked, and each coin's history as a chart drawn here as SVG.
struct RatesScreen: Screen {
    let path = "/rates"
    let section = Section.rates

    /// The page, its prices fetching.
    @MainActor
    static func page(id: String, session: Session, source: RatesSource) -> FeaturePage<RatesScreen> {
        let store = Store(initialState: RatesFeature.State(fiat: session.fiat), reducer: RatesFeature.Reducer(dependencies: .live(session, source: source)))
        store.send(.refresh)
        return FeaturePage(id: id, screen: RatesScreen(), store: store)
    }

    enum Form: String, PageForm {
        case refresh
        case history

        func actions(_ form: FormData, _ state: RatesFeature.State) throws -> [RatesFeature.Action] {
            switch self {
            case .refresh: return [.refresh]
            case .history:
                let days = Int(form["days"] ?? "") ?? 30
                return [.historyTapped(coin: try Parse.coinID(form["coin"]), days: min(max(days, 1), 365))]
            }
        }
    }

    func title(_ state: RatesFeature.State) -> String { "Rates" }

    func main(_ state: RatesFeature.State, _ context: RenderContext) -> HTML { Self.render(state, context) }

    static func render(_ state: RatesFeature.State, _ context: RenderContext) -> HTML {
        let rows = HTML.join(state.rates.map { rate in
            let stale: HTML = rate.stale ? " <span class=\"pill stale\">stale</span>" : .empty
            let history = context.form(Form.history, class: "inline", """
                <input type="hidden" name="coin" value="\(value: rate.coin)"><input type="hidden" name="days" value="30">\
                <button type="submit" class="secondary">30-day chart</button>
                """)
            return "<tr><td>\(rate.coin)</td><td>\(rate.price) \(rate.fiat.uppercased())\(stale)</td><td>\(rate.time.formatted(.iso8601))</td><td>\(history)</td></tr>"
        })
        let warning: HTML = state.warning.map { "<p class=\"notice\">\($0)</p>" } ?? .empty
        let charts = HTML.join(state.history.keys.sorted().map { coin in
            "<section><h2>\(coin), last \(state.history[coin]?.count ?? 0) points</h2>\(Chart.svg(state.history[coin] ?? []))</section>"
        })
        let loading: HTML = state.loading ? "<p class=\"muted\">Fetching prices…</p>" : .empty
        return """
        <h1>Rates</h1>\(Format.error(state.error))\(warning)\(loading)
        <section><table><thead><tr><th>Coin</th><th>Price</th><th>As of</th><th></th></tr></thead><tbody>\(rows)</tbody></table>\
        \(context.form(Form.refresh, class: "inline", "<button type=\"submit\" class=\"secondary\">Refresh</button>"))</section>\(charts)
        """
    }
}

/// A line chart of a price history as SVG, scaled to its own range, of at most
/// `ChartPoints.maximum` points however long the history.
enum Chart {
    static func svg(_ history: [Double], width: Double = 600, height: Double = 200) -> HTML {
        let points = ChartPoints.forChart(history)
        guard points.count > 1, let low = points.min(), let high = points.max() else { return "<p class=\"muted\">Not enough points.</p>" }
        let span = high - low == 0 ? 1 : high - low
        let step = width / Double(points.count - 1)
        let path = points.enumerated().map { i, p in
            let x = Double(i) * step, y = height - 10 - (p - low) / span * (height - 20)
            return (i == 0 ? "M" : "L") + fixed(x, 1) + "," + fixed(y, 1)
        }.joined(separator: " ")
        return """
        <svg class="chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-label="price from \(low) to \(high)">\
        <path d="\(path)" fill="none" stroke="#12805c" stroke-width="2"/>\
        <text x="4" y="14" font-size="12" fill="#5d6d7e">\(fixed(high))</text>\
        <text x="4" y="\(Int(height) - 2)" font-size="12" fill="#5d6d7e">\(fixed(low))</text></svg>
        """
    }

    private static func fixed(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
}
