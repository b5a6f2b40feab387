import AppCore

/// A Safe's queue on its home: the transactions waiting for signatures or execution, with each one's
/// confirmations and the owners' actions.
enum SafeQueueSection {
    static func render(_ snapshot: SafeDetail.Snapshot, _ context: RenderContext) -> HTML {
        let service: HTML = snapshot.serviceNote.map { "<p class=\"muted\" id=\"service-note\">Transaction Service: \(serviceNote($0))</p>" } ?? .empty
        guard !snapshot.queue.isEmpty else {
            return "<section id=\"queue\"><h2>Queue</h2>\(service)<p class=\"muted\">Nothing waiting for signatures.</p></section>"
        }
        let rows = HTML.join(snapshot.queue.map { entry in
            let view = SafeTransactionView(entry, count: snapshot.confirmations(of: entry))
            let signed = HTML.join(view.signers.map { "<li>\(Format.short($0))\(context.isMine($0) ? " (you)" : "")</li>" })
            let missing = HTML.join((view.missing ?? []).map { "<li>\(Format.short($0))</li>" })
            let ready = view.ready == true
            return """
            <tr data-tx="\(view.safeTxHash)"><td>\(view.nonce)</td><td><a href="/tx/\(view.safeTxHash)">\(context.named(view.summary))</a></td>\
            <td class="confirmations">\(view.standing)</td>\
            <td><div class="muted">signed</div><ul>\(signed)</ul><div class="muted">missing</div><ul>\(missing)</ul></td>\
            <td class="actions"><a class="button" href="/tx/\(view.safeTxHash)">\(ready ? "Execute" : "Sign")</a>\
            <a class="button secondary" href="/tx/\(view.safeTxHash)#export">Export</a>\
            <a class="button secondary" href="/tx/\(view.safeTxHash)#reject">Reject</a></td></tr>
            """
        })
        return """
        <section id="queue"><h2>Queue</h2>\(service)<table><thead><tr><th>Nonce</th><th>Transaction</th><th>Confirmations</th><th>Owners</th><th></th></tr>\
        </thead><tbody>\(rows)</tbody></table></section>
        """
    }

    /// What the Transaction Service added to the queue, and what of it was set aside or could not be read.
    static func serviceNote(_ note: SafeDetail.ServiceNote) -> String {
        let transactions: String
        switch note.transactions {
        case .success(let listed):
            transactions = "\(listed.pending) pending at \(note.host)" + (listed.setAside == 0 ? "" : "; \(listed.setAside) set aside: they do not verify")
        case .failure(let error):
            transactions = "\(note.host) could not be read: \(ErrorWording.text(for: error))"
        }
        switch note.messagesSetAside {
        case .success(0): return transactions
        case .success(let setAside): return transactions + "; \(setAside) message entries set aside"
        case .failure(let error): return transactions + "; its messages could not be read: \(ErrorWording.text(for: error))"
        }
    }
}
