import AppCore

/// A Safe's history on its home: what the chain executed, and the accounting export as CSV.
enum SafeHistorySection {
    /// The accounting export: a button that writes every asset movement, then its download.
    static func ledgerExport(_ state: SafeDetail.State, _ context: RenderContext) -> HTML {
        let button = context.form(SafeHomeScreen.Form.exportLedger, class: "inline", """
            <button type="submit" class="secondary"\(state.exportingLedger ? " disabled" : "")>Export history as CSV</button>
            """)
        let link: HTML = state.ledger == nil ? .empty
            : " <a class=\"button\" id=\"ledger-download\" href=\"\(context.download(SafeHomeScreen.File.ledger))\" download>Download history.csv</a>"
        return "<div class=\"actions\" id=\"ledger\">\(button)\(link)</div>"
    }

    static func render(_ state: SafeDetail.State, _ snapshot: SafeDetail.Snapshot, _ context: RenderContext) -> HTML {
        let export = ledgerExport(state, context)
        if let why = snapshot.historyError {
            return "<section id=\"history\"><h2>History</h2><p class=\"muted\">The node could not list the Safe's executions: \(why)</p></section>"
        }
        guard !snapshot.history.isEmpty else { return "<section id=\"history\"><h2>History</h2><p class=\"muted\">No executed transactions yet.</p>\(export)</section>" }
        let rows = HTML.join(snapshot.history.map(SafeHistoryItemView.init).map { item in
            let what: HTML = item.summary.map { "<a href=\"/tx/\(item.safeTxHash)\">\(context.named($0))</a>" } ?? "<code>\(item.safeTxHash)</code>"
            return """
            <tr><td>\(item.blockNumber?.text ?? "")</td><td>\(what)</td><td>\(item.success ? "success" : "failed")</td>\
            <td><code>\(item.txHash ?? "")</code></td></tr>
            """
        })
        return """
        <section id="history"><h2>History</h2><table><thead><tr><th>Block</th><th>Transaction</th><th>Result</th><th>Ethereum transaction</th></tr>\
        </thead><tbody>\(rows)</tbody></table>\(export)</section>
        """
    }
}
