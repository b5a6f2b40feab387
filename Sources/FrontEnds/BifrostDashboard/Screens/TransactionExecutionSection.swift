import AppCore
import Foundation

/// An executed transaction's page shows how it ran on chain (the Ethereum transaction, its block
/// and time, the executor and the fee, and the Safe's result) where a queued one shows its review:
/// a simulation of what already happened would only mislead.
enum TransactionExecutionSection {
    /// The execution section, or nil for a transaction not executed (the review shows instead).
    static func render(_ state: TransactionDetail.State, _ detail: SafeTransactionDetail, _ context: RenderContext) -> HTML? {
        let entry = detail.entry
        guard entry.status == .executed || entry.status == .failed else { return nil }
        guard let record = state.execution else {
            let why: HTML = state.executionError.map { error -> HTML in "<p class=\"muted\">The node could not show how it ran: \(ErrorWording.text(for: error))</p>" }
                ?? "<p class=\"muted\">Reading the execution…</p>"
            let carrier: HTML = entry.executionHash.map { hash -> HTML in "<dl><dt>Ethereum transaction</dt><dd><code id=\"execution-hash\">\(Format.hex(hash))</code></dd></dl>" } ?? .empty
            return "<section id=\"execution\"><h2>Execution</h2>\(carrier)\(why)</section>"
        }
        let time = record.date.map { SafeHistorySection.heading($0) + ", " + clock($0) } ?? "unknown"
        let result: HTML = record.success
            ? "<span class=\"pill\" id=\"execution-result\">success</span>"
            : "<span class=\"pill stale\" id=\"execution-result\">failed: the Safe's call reverted; the nonce was used</span>"
        return """
        <section id="execution"><h2>Execution</h2><dl>\
        <dt>Ethereum transaction</dt><dd><code id="execution-hash">\(Format.hex(record.transactionHash))</code></dd>\
        <dt>Block</dt><dd id="execution-block">\(record.block.description)</dd>\
        <dt>Time</dt><dd id="execution-time">\(time)</dd>\
        <dt>Executor</dt><dd id="execution-executor">\(context.address(record.executor))</dd>\
        <dt>Fee paid</dt><dd id="execution-fee">\(Format.ether(EtherAmount(wei: record.fee))) <span class="muted">(\(record.gasUsed.description) gas)</span></dd>\
        <dt>Result</dt><dd>\(result)</dd></dl></section>
        """
    }

    private static func clock(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "HH:mm:ss 'UTC'"
        return f.string(from: date)
    }
}
