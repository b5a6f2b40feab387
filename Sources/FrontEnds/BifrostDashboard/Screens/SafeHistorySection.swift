import AppCore
import Foundation

/// A Safe's history on its home: everything the chain shows it did and received, by day, each
/// line decoded and linked to its page; and the accounting export of the same history as CSV.
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
        let days = snapshot.historyDays
        guard !days.isEmpty else { return "<section id=\"history\"><h2>History</h2><p class=\"muted\">Nothing on chain yet: no execution, and no ether or token received.</p>\(export)</section>" }
        let body = HTML.join(days.map { day -> HTML in
            let items = HTML.join(day.items.map { item($0, context) })
            return "<div class=\"history-day\"><h3>\(heading(day.day))</h3><ul class=\"history-list\">\(items)</ul></div>"
        })
        return "<section id=\"history\"><h2>History</h2>\(body)\(export)</section>"
    }

    /// A day's heading, e.g. `Saturday 28 November 2026`; dates are UTC, as the CSV's are.
    static func heading(_ day: Date?) -> String {
        guard let day else { return "Date unknown" }
        return formatter("EEEE d MMMM yyyy").string(from: day)
    }

    private static func formatter(_ format: String) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = format
        return f
    }

    /// One line: its time, what it was, its result, and the chain's record of it folded away.
    static func item(_ item: SafeActivityItem, _ context: RenderContext) -> HTML {
        let time = item.date.map { formatter("HH:mm").string(from: $0) + " UTC" } ?? ""
        let kind: String, what: HTML
        switch item.kind {
        case .multisig(let safeTxHash, let nonce):
            kind = "multisig"
            let text = item.summary.map(context.named) ?? "Safe transaction \(Format.short(Format.hex(safeTxHash)))"
            // Only a transaction this home holds (proposed here, or read back from the chain) has a page.
            if let nonce {
                what = "<span class=\"history-label\">nonce \(nonce.description)</span> <a href=\"/tx/\(Format.hex(safeTxHash))\">\(text)</a>"
            } else {
                what = "\(text)"
            }
        case .module(let module):
            kind = "module"
            let text: HTML = item.summary.map { summary -> HTML in "\(context.named(summary))" } ?? "a call only a trace would show"
            what = "<span class=\"history-label\">module</span> \(context.address(module)) ran \(text)"
        case .movement(let direction, let asset, _, let amount, let counterparty):
            kind = direction == .incoming ? "in" : "out"
            let verb = direction == .incoming ? "Received" : "Sent"
            let side = direction == .incoming ? "from" : "to"
            what = "\(verb) <span class=\"amount\">\(amount) \(asset)</span> \(side) \(context.address(counterparty))"
        }
        // An execution's outcome; a movement is a fact with none.
        let result: HTML
        if case .movement = item.kind { result = .empty } else {
            result = item.success ? " <span class=\"pill\">success</span>" : " <span class=\"pill stale\">failed</span>"
        }
        return """
        <li class="history-item" data-kind="\(kind)"><span class="history-time">\(time)</span> <span class="history-what">\(what)\(result)</span>\
        <details class="history-chain"><summary>on chain</summary><dl><dt>Ethereum transaction</dt><dd><code>\(Format.hex(item.transactionHash))</code></dd>\
        <dt>Block</dt><dd>\(item.block.description)</dd></dl></details></li>
        """
    }
}
