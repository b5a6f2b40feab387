import AppCore

/// One Safe transaction: every field, the signatures with their owners, the three hashes an owner
/// compares with a hardware wallet's screen, and the owner's actions: sign, execute once ready,
/// export the signed file to pass on, and reject (an empty transaction at the same nonce).
struct TransactionScreen: Screen {
    let path: String
    let section = Section.safes
    let reload: TransactionDetail.Action? = .refresh
    /// The Transaction Service the dashboard meets at, by host; nil without one.
    let serviceHost: String?

    /// The page of transaction `safeTxHash`, loading and reviewing it on the node.
    @MainActor
    static func page(id: String, safeTxHash: [UInt8], session: Session) -> FeaturePage<TransactionScreen> {
        let store = Store(initialState: TransactionDetail.State(safeTxHash: safeTxHash),
                          reducer: TransactionDetail.Reducer(dependencies: .live(session)))
        store.send(.refresh)
        store.send(.reviewTapped)
        let screen = TransactionScreen(path: "/tx/\(Format.hex(safeTxHash))", serviceHost: Format.serviceHost(session))
        return FeaturePage(id: id, screen: screen, store: store)
    }

    enum Form: String, PageForm {
        case sign
        case execute
        case export
        case evidence
        case reject
        case share

        func actions(_ form: FormData, _ state: TransactionDetail.State) throws -> [TransactionDetail.Action] {
            switch self {
            case .sign: return try Parse.signer(form, TransactionDetail.Action.signTapped(keyName:password:))
            case .execute: return try Parse.signer(form, TransactionDetail.Action.executeTapped(keyName:password:))
            case .export: return [.exportTapped]
            case .evidence: return [.evidenceTapped]
            case .reject: return [.rejectTapped]
            case .share: return [.shareTapped]
            }
        }
    }

    /// The files the page offers, by the last segment of their link.
    enum File: String {
        case file
        case evidence
    }

    func title(_ state: TransactionDetail.State) -> String { state.detail?.entry.summary ?? "Transaction" }

    func main(_ state: TransactionDetail.State, _ context: RenderContext) -> HTML { Self.render(state, context, serviceHost: serviceHost) }

    func download(_ name: String, _ state: TransactionDetail.State) -> Download? {
        let short = Format.hex(state.safeTxHash).dropFirst(2).prefix(10)
        switch File(rawValue: name) {
        case .file: return state.exportedFile.map { Download(filename: "safe-tx-\(short).json", contentType: "application/json", bytes: Array($0.utf8)) }
        case .evidence:
            return state.evidence.map { Download(filename: "safe-evidence-\(short).json", contentType: "application/json", bytes: Array($0.utf8)) }
        case nil: return nil
        }
    }

    static func render(_ state: TransactionDetail.State, _ context: RenderContext, serviceHost: String?) -> HTML {
        guard let detail = state.detail else {
            let waiting: HTML = state.loading ? "<p class=\"muted\">Loading…</p>" : .empty
            return "<h1>Transaction</h1><p><code>\(Format.hex(state.safeTxHash))</code></p>\(Format.error(state.error))\(waiting)"
        }
        let entry = detail.entry
        return """
        <h1>\(context.named(entry.summary))</h1>
        <p><a href="/safes/\(detail.safe.address.checksummed)">← \(detail.safe.name ?? Format.short(detail.safe.address))</a> \
        <span class="pill" id="status">\(status(detail))</span></p>\(Format.error(state.error))
        \(rejection(state))\(Format.decoded(detail.call, names: context.names))\(TransactionExecutionSection.render(state, detail, context) ?? afterState(state, context))\(hashes(detail))\(signatures(detail, context))\(actions(state, detail, context))\(share(state, detail, context, serviceHost: serviceHost))
        """
    }

    /// Where it stands: in the Safe's nonce order while queued, else its status once it ran.
    static func status(_ detail: SafeTransactionDetail) -> String {
        detail.entry.status == .queued ? QueueWording.standing(detail.readiness, detail.confirmations) : detail.view.standing
    }

    /// The simulation on the node, the Safe after the transaction and the risks; why not, when the
    /// review could not be made.
    static func afterState(_ state: TransactionDetail.State, _ context: RenderContext) -> HTML {
        if let error = state.reviewError {
            return "<section id=\"after\"><p class=\"muted\" id=\"effect\">The Safe after the transaction is unavailable: \(ErrorWording.text(for: error))</p></section>"
        }
        let review = state.review
        return """
        <section id="after">\(Format.simulation(review?.simulation))\(Format.effect(review?.effect))\(Format.events(of: review))\
        \(Format.risks(review?.risks ?? []))\(evidence(state, context))</section>
        """
    }

    /// The evidence of a review pinned to the latest block, written on request and offered as a
    /// file that `bifrost safe verify-evidence` checks offline.
    static func evidence(_ state: TransactionDetail.State, _ context: RenderContext) -> HTML {
        let link: HTML = state.evidence == nil ? .empty
            : " <a class=\"button secondary\" id=\"evidence-download\" href=\"\(context.download(File.evidence))\" download>Download the evidence</a>"
        return """
        <div id="evidence"><p class="muted">Keep a record of this review, pinned to the latest block, that anyone can check offline \
        with <code>bifrost safe verify-evidence</code>.</p>\(context.form(Form.evidence, class: "inline", "<button type=\"submit\" class=\"secondary\">Write the evidence</button>"))\(link)</div>
        """
    }

    /// Sending the transaction and its signatures to the Transaction Service the dashboard meets at.
    static func share(_ state: TransactionDetail.State, _ detail: SafeTransactionDetail, _ context: RenderContext, serviceHost: String?) -> HTML {
        guard let serviceHost, detail.entry.status == .queued else { return .empty }
        return Format.share("transaction", sharedWith: state.sharedWith, serviceHost: serviceHost, form: Form.share, context)
    }

    static func hashes(_ detail: SafeTransactionDetail) -> HTML {
        """
        <section id="hashes"><h2>What your hardware wallet shows</h2><dl>\
        \(Format.hashes(detail.hashes))<dt>Safe version</dt><dd>\(detail.entry.transaction.version.rawValue)</dd></dl></section>
        """
    }

    static func signatures(_ detail: SafeTransactionDetail, _ context: RenderContext) -> HTML {
        let signed = HTML.join(detail.entry.signatures.map { s -> HTML in
            "<tr><td>\(context.address(s.owner))\(context.mineMark(s.owner))</td><td>\(kind(s.kind))</td></tr>"
        })
        // Once executed, no one is still missing; an execution learnt from the chain keeps no signatures.
        let queued = detail.entry.status == .queued
        let missing = !queued ? .empty : HTML.join(detail.confirmations.missing.map {
            "<tr><td>\(context.address($0))\(context.mineMark($0))</td><td class=\"muted\">not yet</td></tr>"
        })
        if !queued && detail.entry.signatures.isEmpty {
            return "<section id=\"signatures\"><h2>Signatures</h2><p class=\"muted\">Executed elsewhere: the Safe checked its signatures on chain; this home keeps none of them.</p></section>"
        }
        return """
        <section id="signatures"><h2>Signatures</h2><table><thead><tr><th>Owner</th><th>Signature</th></tr></thead>\
        <tbody>\(signed)\(missing)</tbody></table></section>
        """
    }

    static func kind(_ kind: SafeSignature.Kind) -> String {
        switch kind {
        case .ecdsa: "signed the hash"
        case .ethSign: "signed with eth_sign"
        case .approvedHash: "approved on chain"
        case .contract: "signed by the owner contract (EIP-1271)"
        }
    }

    static func actions(_ state: TransactionDetail.State, _ detail: SafeTransactionDetail, _ context: RenderContext) -> HTML {
        guard detail.entry.status == .queued else { return exportSection(state, context) }
        let execute: HTML
        if let why = QueueWording.whyNotExecutable(detail.readiness) {
            execute = "<p class=\"muted\" id=\"execute-waits\">\(why)</p>"
        } else {
            let executors = KeyChoice.executors(keys: context.keys, owners: detail.safe.owners, balances: state.keyBalances)
            let fields = Format.executorFields(executors)
            execute = """
                <h2>Execute</h2><p class="muted">The key pays the gas; any funded key can execute, owner or not.</p>\
                \(context.form(Form.execute, "\(fields)<div class=\"actions\"><button type=\"submit\">Execute</button></div>"))
                """
        }
        let reject = context.form(Form.reject, class: "inline", "<button type=\"submit\" class=\"secondary\">Reject</button>")
        return """
        <section id="sign"><h2>Sign</h2>\(signForm(detail, context))\(execute)</section>\(exportSection(state, context))\
        <section id="reject"><h2>Reject</h2><p class="muted">Proposes an empty transaction at nonce \(detail.entry.transaction.nonce). \
        Once the owners sign and execute it, this one can never run.</p>\(reject)</section>
        """
    }

    /// The sign form over your keys that own the Safe, starting on one that has not signed; none left says so.
    static func signForm(_ detail: SafeTransactionDetail, _ context: RenderContext) -> HTML {
        Format.signForm(Form.sign, owners: detail.safe.owners, signed: detail.entry.signatures.map(\.owner), context)
    }

    /// A link to the rejection just proposed.
    static func rejection(_ state: TransactionDetail.State) -> HTML {
        guard let r = state.rejection else { return .empty }
        return """
        <p class="notice success" id="rejection">Rejection proposed at nonce \(r.transaction.nonce): \
        <a href="/tx/\(Format.hex(r.safeTxHash))">open it to sign</a>.</p>
        """
    }

    static func exportSection(_ state: TransactionDetail.State, _ context: RenderContext) -> HTML {
        let link: HTML = state.exportedFile == nil ? .empty
            : "<p><a class=\"button secondary\" id=\"download\" href=\"\(context.download(File.file))\" download>Download the file</a></p>"
        return """
        <section id="export"><h2>Pass it on</h2><p class="muted">Export the transaction with its signatures for the next owner to import.</p>\
        \(context.form(Form.export, class: "inline", "<button type=\"submit\" class=\"secondary\">Export file</button>"))\(link)</section>
        """
    }
}
