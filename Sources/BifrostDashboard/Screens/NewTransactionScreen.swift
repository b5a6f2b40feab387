import AppCore
import BigInt

/// A new transaction from a Safe, as the send flow's routes: compose, review (against blind
/// signing: what the call does, and the hashes to compare), sign with a vault key, execute.
enum NewTransactionScreen {
    @MainActor
    static func page(id: String, safe: Address, session: Session) -> FeaturePage<SendFlow.State, SendFlow.Action> {
        let store = Store(initialState: SendFlow.State(safe: safe), reducer: SendFlow.Reducer(dependencies: .live(session)))
        let page = FeaturePage(id: id, path: "/safes/\(safe.checksummed)/new", section: .safes, store: store)
        page.render = render
        page.titled = { _ in "New transaction" }
        page.action = { name, form, _ in
            switch name {
            case "review":
                return [.recipientChanged(form["recipient"] ?? ""), .amountChanged(form["amount"] ?? ""), .reviewTapped]
            case "sign":
                let signer = try Parse.signer(form)
                return [.signTapped(keyName: signer.key, password: signer.password)]
            case "execute":
                let signer = try Parse.signer(form)
                return [.executeTapped(keyName: signer.key, password: signer.password)]
            case "back": return [.backTapped]
            default: return nil
            }
        }
        return page
    }

    static func render(_ state: SendFlow.State, _ context: RenderContext) -> HTML {
        let back: HTML = "<p><a href=\"/safes/\(state.safe.checksummed)\">← Back to the Safe</a></p>"
        let step: HTML
        switch state.route {
        case .compose: step = compose(state, context)
        case .review(let entry): step = review(entry, confirmations: nil, context)
        case .signed(let entry, let confirmations, let threshold): step = review(entry, confirmations: (confirmations, threshold), context)
        case .executed(let hash, let success):
            step = """
            <section><h2>Executed</h2><p>Ethereum transaction <code>\(Format.hex(hash))</code>: \
            \(success == false ? "the Safe reported the inner call failed" : "success").</p></section>
            """
        }
        return "<h1>New transaction</h1>\(back)\(Format.error(state.error))\(step)"
    }

    static func compose(_ state: SendFlow.State, _ context: RenderContext) -> HTML {
        context.form("review", """
            <label>Recipient<input name="recipient" value="\(state.recipient)" placeholder="0x…" required autocomplete="off"></label>\
            <label>Amount (ETH, or with a unit: 20gwei)<input name="amount" value="\(state.amount)" required autocomplete="off"></label>\
            <div class="actions"><button type="submit">Review</button></div>
            """)
    }

    static func review(_ entry: SafeTransactionEntry, confirmations: (Int, BigUInt)?, _ context: RenderContext) -> HTML {
        let tx = entry.transaction
        let keyFields = Format.keyFields(context.keys)
        let next: HTML
        if let (confirmed, threshold) = confirmations {
            next = """
            <p class="notice">Signed: \(confirmed) of \(threshold) confirmations. <a href="/tx/\(Format.hex(entry.safeTxHash))">Open the transaction</a> \
            to export it for the other owners.</p>\
            \(context.form("execute", "\(keyFields)<div class=\"actions\"><button type=\"submit\">Execute</button></div>"))
            """
        } else {
            next = context.form("sign", "\(keyFields)<div class=\"actions\"><button type=\"submit\">Sign</button></div>")
        }
        return """
        <section id="review"><h2>Review</h2>\(Format.delegateCallWarning(tx))<dl><dt>What it does</dt><dd id="decoded">\(entry.summary)</dd>\
        <dt>Operation</dt><dd>\(tx.operation.name)</dd><dt>Nonce</dt><dd>\(tx.nonce)</dd>\
        \(Format.hashes(domain: try? tx.domainSeparator(), message: try? tx.structHash, safeTxHash: entry.safeTxHash))</dl></section>\
        <section><h2>\(confirmations == nil ? "Sign" : "Execute")</h2>\(next)\
        \(context.form("back", class: "inline", "<button type=\"submit\" class=\"secondary\">Back</button>"))</section>
        """
    }
}
