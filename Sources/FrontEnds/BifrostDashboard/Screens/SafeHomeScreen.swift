import AppCore

/// A Safe's home: its address, owners (yours marked), threshold, nonce and version; its assets;
/// modules (with what each executed) and guard, the fallback handler; the queue with each transaction's confirmations; the
/// import of a signed-transaction file; and the history from the chain.
struct SafeHomeScreen: Screen {
    let path: String
    let section = Section.safes
    let reload: SafeDetail.Action? = .refresh

    /// The home of Safe `address`, reading it from the chain.
    @MainActor
    static func page(id: String, address: Address, session: Session) -> FeaturePage<SafeHomeScreen> {
        let store = Store(initialState: SafeDetail.State(address: address), reducer: SafeDetail.Reducer(dependencies: .live(session)))
        store.send(.refresh)
        return FeaturePage(id: id, screen: SafeHomeScreen(path: "/safes/\(address.checksummed)"), store: store)
    }

    enum Form: String, PageForm {
        case refresh
        case exportLedger = "export-ledger"
        case `import`
        case hideToken = "hide-token"
        case unhideToken = "unhide-token"
        case proposeMessage = "propose-message"
        case executeBatch = "execute-batch"

        func actions(_ form: FormData, _ state: SafeDetail.State) throws -> [SafeDetail.Action] {
            switch self {
            case .refresh: return [.refresh]
            case .exportLedger: return [.ledgerTapped]
            case .import: return [.importTapped(try Parse.required(form["file"], field: "Signed-transaction file"))]
            case .hideToken: return [.tokenHiddenTapped(try Parse.address(form["token"], field: "Token"), hidden: true)]
            case .unhideToken: return [.tokenHiddenTapped(try Parse.address(form["token"], field: "Token"), hidden: false)]
            case .proposeMessage:
                let kind = form["kind"] == "typedData" ? "typedData" : "text"
                let text = try Parse.multiline(form["message"], field: kind == "text" ? "Message" : "Typed data")
                let chosen = try Parse.signer(form)
                return [.proposeMessageTapped(kind: kind, text: text, keyName: chosen.key, password: chosen.password)]
            case .executeBatch: return try Parse.signer(form, SafeDetail.Action.executeBatchTapped(keyName:password:))
            }
        }
    }

    /// The files the page offers, by the last segment of their link.
    enum File: String {
        case ledger
    }

    func title(_ state: SafeDetail.State) -> String { state.snapshot?.info.safe.name ?? Format.short(state.address) }

    func main(_ state: SafeDetail.State, _ context: RenderContext) -> HTML { Self.render(state, context) }

    func leave(_ state: SafeDetail.State) -> String? { state.proposedMessage.map { "/messages/\(Format.hex($0))" } }

    func download(_ name: String, _ state: SafeDetail.State) -> Download? {
        guard File(rawValue: name) == .ledger, let csv = state.ledger else { return nil }
        return Download(filename: "safe-\(Format.hex(state.address.bytes).dropFirst(2).prefix(8))-history.csv", contentType: "text/csv; charset=utf-8",
                        bytes: Array(csv.utf8))
    }

    static func render(_ state: SafeDetail.State, _ context: RenderContext) -> HTML {
        let title = state.snapshot?.info.safe.name ?? "Safe"
        guard let snapshot = state.snapshot else {
            let waiting: HTML = state.loading ? "<p class=\"muted\">Reading the Safe from the chain…</p>" : .empty
            return "<h1>\(title)</h1><p>\(Format.address(state.address, copy: true))</p>\(Format.error(state.error))\(waiting)"
        }
        let safe = snapshot.info.safe
        let imported: HTML = state.imported.map(SafeImportView.init).map { r in
            "<p class=\"notice success\">Imported: \(r.added.count) new signature(s); \(r.confirmations) of \(r.threshold) confirmations.</p>"
        } ?? .empty
        return """
        <h1>\(title)</h1>
        <p>\(Format.address(safe.address, copy: true)) <span class="pill">chain \(safe.chainID)</span></p>\(notDeployed(safe))\(Format.error(state.error))\(imported)
        <div class="actions"><a class="button" href="/safes/\(safe.address.checksummed)/new">New transaction</a>\
        \(context.form(Form.refresh, class: "inline", "<button type=\"submit\" class=\"secondary\">Refresh</button>"))</div>
        <div class="grid">\(overview(snapshot, context))</div>
        \(owners(safe, context))\(assets(snapshot, context))\(SafeQueueSection.render(state, snapshot, batchForm: Form.executeBatch, context))\(SafeMessagesSection.render(snapshot, form: Form.proposeMessage, context))\(importForm(context))\(SafeHistorySection.render(state, snapshot, context))\(SafeModulesSection.render(snapshot, context))\(setup(snapshot.info))
        """
    }

    /// A counterfactual Safe's line: its address holds funds, and its first execution deploys it.
    static func notDeployed(_ safe: Safe) -> HTML {
        safe.isDeployed ? .empty : """
        <p class="notice" id="not-deployed">Not deployed yet: this address can receive funds, and the first transaction executed deploys the Safe \
        with the owners and threshold shown.</p>
        """
    }

    static func overview(_ snapshot: SafeDetail.Snapshot, _ context: RenderContext) -> HTML {
        let safe = snapshot.info.safe
        return """
        <section><div class="muted">Balance</div><div class="stat" id="balance">\(Format.ether(snapshot.info.balance))</div>\
        <div class="muted">\(Format.fiat(snapshot.fiatBalance, context.fiat))</div></section>\
        <section><div class="muted">Threshold</div><div class="stat" id="threshold">\(safe.threshold) of \(safe.owners.count)</div></section>\
        <section><div class="muted">Nonce</div><div class="stat" id="nonce">\(safe.nonce)</div></section>\
        <section><div class="muted">Version</div><div class="stat">\(safe.version)</div></section>
        """
    }

    static func owners(_ safe: Safe, _ context: RenderContext) -> HTML {
        let rows = HTML.join(safe.owners.map { owner in
            "<li>\(context.address(owner))\(context.mineMark(owner))</li>"
        })
        return "<section><h2>Owners</h2><ul>\(rows)</ul><p><a href=\"/safes/\(safe.address.checksummed)/proposers\" id=\"proposers-link\">Proposers</a></p></section>"
    }

    static func assets(_ snapshot: SafeDetail.Snapshot, _ context: RenderContext) -> HTML {
        func toggle(_ action: Form, _ token: Address, _ label: String) -> HTML {
            context.form(action, class: "inline", """
                <input type="hidden" name="token" value="\(token.checksummed)"><button type="submit" class="secondary">\(label)</button>
                """)
        }
        let tokens = HTML.join(snapshot.info.tokens.map { token in
            """
            <tr data-token="\(token.token.checksummed)"><td>\(token.symbol)</td><td>\(token.amount.description)</td>\
            <td><span class="muted">no rate</span></td><td>\(Format.address(token.token))</td><td>\(toggle(.hideToken, token.token, "Hide"))</td></tr>
            """
        })
        let hidden: HTML = snapshot.hiddenTokens.isEmpty ? .empty : """
            <div id="hidden-tokens"><h3>Hidden tokens</h3><ul>\
            \(HTML.join(snapshot.hiddenTokens.map { "<li>\($0.symbol) \(Format.address($0.address)) \(toggle(.unhideToken, $0.address, "Unhide"))</li>" }))</ul></div>
            """
        return """
        <section id="assets"><h2>Assets</h2><table><thead><tr><th>Asset</th><th>Balance</th><th>Value</th><th>Contract</th><th></th></tr></thead>\
        <tbody><tr><td>ETH</td><td>\(snapshot.info.balance.exact(in: .ether))</td><td>\(Format.fiat(snapshot.fiatBalance, context.fiat))</td><td></td><td></td></tr>\
        \(tokens)</tbody></table>\(hidden)</section>
        """
    }

    static func importForm(_ context: RenderContext) -> HTML {
        let form = context.form(Form.import, """
            <label>Signed-transaction file<input type="file" accept=".json,application/json" data-into="import-file"></label>\
            <label>…or its text<textarea id="import-file" name="file" required></textarea></label>\
            <div class="actions"><button type="submit">Import</button></div>
            """)
        return "<section id=\"import\"><h2>Import a signed transaction</h2>\(form)</section>"
    }

    /// The Safe's own setup, and what is off about it (a contract that is no known release), loud;
    /// its modules and guard are in `SafeModulesSection`.
    static func setup(_ state: SafeState) -> HTML {
        let safe = state.safe
        let singleton: HTML = state.singleton.map { "<dt>Singleton</dt><dd>\(Format.address($0))</dd>" } ?? .empty
        return """
        <section id="setup"><h2>Setup</h2>\(Format.risks(state.risks))<dl>\
        <dt>Fallback handler</dt><dd>\(Format.address(safe.fallbackHandler))</dd>\(singleton)</dl>\(SafeUpgradeOffer.render(state))</section>
        """
    }
}
