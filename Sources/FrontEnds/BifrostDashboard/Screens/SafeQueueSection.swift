import AppCore

/// A Safe's queue on its home: the transactions waiting for signatures or execution, with each one's
/// confirmations and the owners' actions.
enum SafeQueueSection {
    static func render(_ state: SafeDetail.State, _ snapshot: SafeDetail.Snapshot, batchForm: some PageForm, _ context: RenderContext) -> HTML {
        let service: HTML = snapshot.serviceNote.map { "<p class=\"muted\" id=\"service-note\">Transaction Service: \(serviceNote($0))</p>" } ?? .empty
        let order = snapshot.order
        guard !order.groups.isEmpty else {
            return "<section id=\"queue\"><h2>Queue</h2>\(service)\(batchDone(state))<p class=\"muted\">Nothing waiting for signatures.</p></section>"
        }
        let head: HTML = "<thead><tr><th>Nonce</th><th>Transaction</th><th>Confirmations</th><th>Owners</th><th></th></tr></thead>"
        let next: HTML = order.next.map { group in
            "<div id=\"queue-next\"><h3>Next <span class=\"muted\">nonce \(group.nonce)</span></h3><table>\(head)\(body(group, context))</table></div>"
        } ?? "<div id=\"queue-next\"><h3>Next <span class=\"muted\">nonce \(order.safeNonce)</span></h3><p class=\"muted\">Nothing at the Safe's nonce: the queued transactions wait for one.</p></div>"
        let queued: HTML = order.queued.isEmpty ? .empty : """
            <div id="queue-queued"><h3>Queued <span class="muted">after nonce \(order.safeNonce), executable in order</span></h3>\
            <table>\(head)\(HTML.join(order.queued.map { body($0, context) }))</table></div>
            """
        return "<section id=\"queue\"><h2>Queue</h2>\(service)\(batchDone(state))\(batch(state, order, form: batchForm, context))\(next)\(queued)</section>"
    }

    /// Executing the run of ready transactions from the Safe's nonce in one Ethereum transaction, offered from two on.
    static func batch(_ state: SafeDetail.State, _ order: SafeQueueOrder, form: some PageForm, _ context: RenderContext) -> HTML {
        guard order.canBatch, let first = order.batch.first, let last = order.batch.last else { return .empty }
        let executors = KeyChoice.executors(keys: context.keys, owners: state.snapshot?.info.safe.owners ?? [], balances: state.keyBalances)
        let button = state.executingBatch ? "<button type=\"submit\" disabled>Executing…</button>" as HTML
            : "<button type=\"submit\">Execute \(order.batch.count) in one transaction</button>"
        return """
        <div id="queue-batch" class="notice note"><p><strong>\(order.batch.count) transactions are ready in order</strong> \
        (nonces \(first.transaction.nonce) to \(last.transaction.nonce)): execute them in one Ethereum transaction through MultiSendCallOnly.</p>\
        \(context.form(form, "\(Format.executorFields(executors))<div class=\"actions\">\(button)</div>"))</div>
        """
    }

    /// The batch just executed: its Ethereum transaction and how many ran.
    static func batchDone(_ state: SafeDetail.State) -> HTML {
        guard let r = state.batchExecuted else { return .empty }
        let ran = r.entries.filter { $0.status == .executed }.count
        return """
        <p class="notice success" id="batch-executed">Executed \(ran) of \(r.entries.count) in one transaction: <code>\(Format.hex(r.transaction.hash))</code></p>
        """
    }

    /// The rows of one nonce; a conflict (several transactions at it) is grouped under a line saying only one can execute.
    static func body(_ group: SafeQueueOrder.Group, _ context: RenderContext) -> HTML {
        let note: HTML = group.isConflict
            ? "<tr class=\"conflict-note\"><td colspan=\"5\"><strong>Conflict at nonce \(group.nonce):</strong> one of these can execute; executing it voids the others.</td></tr>"
            : .empty
        return "<tbody class=\"\(group.isConflict ? "conflict" : "nonce-group")\" data-nonce=\"\(group.nonce)\">\(note)\(HTML.join(group.items.map { row($0, context) }))</tbody>"
    }

    /// One transaction: where it stands, who signed and who is missing (your keys named), and Execute only when it can run now.
    static func row(_ item: SafeQueueOrder.Item, _ context: RenderContext) -> HTML {
        let entry = item.entry, hash = Format.hex(entry.safeTxHash)
        let signed = HTML.join(entry.signatures.map { "<li>\(context.owner($0.owner))</li>" })
        let missing = HTML.join(item.count.missing.map { "<li>\(context.owner($0))</li>" })
        let main: HTML
        if item.readiness.canExecute {
            main = "<a class=\"button\" href=\"/tx/\(hash)\">Execute</a>"
        } else if case .waitsForNonce(let next, true) = item.readiness {
            main = "<a class=\"button secondary\" href=\"/tx/\(hash)\" title=\"Waits for nonce \(next)\">Open</a>"
        } else {
            main = "<a class=\"button\" href=\"/tx/\(hash)\">Sign</a>"
        }
        return """
        <tr data-tx="\(hash)"><td>\(entry.transaction.nonce)</td><td><a href="/tx/\(hash)">\(context.named(entry.summary))</a></td>\
        <td class="confirmations">\(QueueWording.standing(item.readiness, item.count))</td>\
        <td class="owners"><div class="muted">signed</div><ul>\(signed)</ul><div class="muted">missing</div><ul class="missing">\(missing)</ul></td>\
        <td class="actions">\(main)<a class="button secondary" href="/tx/\(hash)#export">Export</a>\
        <a class="button secondary" href="/tx/\(hash)#reject">Reject</a></td></tr>
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
