import AppCore
import BigInt

/// A new transaction from a Safe, as the send flow's routes: compose (a transfer, an owner change,
/// a batch), review the draft (against blind signing: every call decoded, the warnings, the
/// simulation, and the hashes to compare; stored nowhere), sign (which proposes) or propose
/// without signing, execute.
struct NewTransactionScreen: Screen {
    let path: String
    let section = Section.safes

    /// The page of a new transaction from Safe `safe`, composing; with a `setup` draft that names
    /// its address (a Remove link), straight to its review.
    @MainActor
    static func page(id: String, safe: Address, session: Session, setup: SafeIntentDraft? = nil,
                     upgrade: SafeUpgradeRequest? = nil) -> FeaturePage<NewTransactionScreen> {
        let store = Store(initialState: SendFlow.State(safe: safe), reducer: SendFlow.Reducer(dependencies: .live(session)))
        store.send(.task)
        if let setup {
            store.send(.draftChanged(setup))
            if !setup.setupAddress.isEmpty { store.send(.reviewTapped) }
        }
        // The Safe's "review the upgrade" link opens straight on the upgrade's draft review.
        if let upgrade {
            var draft = SafeIntentDraft()
            draft.upgrade = upgrade
            store.send(.draftChanged(draft))
            store.send(.reviewTapped)
        }
        return FeaturePage(id: id, screen: NewTransactionScreen(path: "/safes/\(safe.checksummed)/new"), store: store)
    }

    enum Form: String, PageForm {
        /// Picks the kind of transaction to compose.
        case kind
        case review
        /// Reads the ABI typed so far, or the function picked, and shows its fields.
        case abi
        case back
        /// Proposes the draft with the key's signature (or signs the proposed one).
        case sign
        /// Proposes the draft unsigned.
        case propose

        func actions(_ form: FormData, _ state: SendFlow.State) throws -> [SendFlow.Action] {
            switch self {
            case .kind:
                guard let kind = form["kind"].flatMap(SafeIntentDraft.Kind.init(rawValue:)) else { throw FormError("Choose a kind of transaction.") }
                return [.draftChanged(SafeIntentDraft(kind: kind))]
            case .review: return [.draftChanged(NewTransactionScreen.draft(state.draft, form)), .reviewTapped]
            case .abi: return [.draftChanged(NewTransactionScreen.draft(state.draft, form))]
            case .back: return [.backTapped]
            case .propose: return [.proposeTapped]
            case .sign: return try Parse.signer(form, SendFlow.Action.signTapped(keyName:password:))
            }
        }
    }

    func title(_ state: SendFlow.State) -> String { "New transaction" }

    func main(_ state: SendFlow.State, _ context: RenderContext) -> HTML { Self.render(state, context) }

    /// `draft` with what the compose form sent; its kind too, when the page switched it without a round trip.
    static func draft(_ draft: SafeIntentDraft, _ form: FormData) -> SafeIntentDraft {
        var d = draft
        if let kind = form["kind"].flatMap(SafeIntentDraft.Kind.init(rawValue:)), kind != d.kind { d = SafeIntentDraft(kind: kind) }
        d.upgrade = nil  // only the upgrade link sets one; what the form composes is never an upgrade
        d.recipient = form["recipient"] ?? ""
        d.amount = form["amount"] ?? ""
        d.token = form["token"] ?? ""
        d.owner = form["owner"] ?? ""
        d.newOwner = form["new-owner"] ?? ""
        d.threshold = form["threshold"] ?? ""
        d.batch = form["batch"] ?? ""
        d.sheet = form["sheet"] ?? ""
        d.abi = form["abi"] ?? ""
        d.function = form["function"] ?? ""
        d.nonce = form["nonce"] ?? ""
        d.setupChange = form["setup"].flatMap(SafeIntentDraft.SetupChange.init(rawValue:)) ?? d.setupChange
        d.setupAddress = form["setup-address"] ?? ""
        d.arguments = (0..<(d.chosenFunction?.inputs.count ?? 0)).map { form["arg-\($0)"] ?? "" }
        return d
    }

    /// The setup draft a link asks for (`?setup=disable-module&address=0x…`); nil for none or a change no one offers.
    static func setupDraft(_ change: String?, address: String?) -> SafeIntentDraft? {
        guard let change = change.flatMap(SafeIntentDraft.SetupChange.init(rawValue:)) else { return nil }
        return SafeIntentDraft(setup: change, address: address ?? "")
    }

    static func render(_ state: SendFlow.State, _ context: RenderContext) -> HTML {
        let back: HTML = "<p><a href=\"/safes/\(state.safe.checksummed)\">← Back to the Safe</a></p>"
        let step: HTML
        switch state.route {
        case .compose: step = compose(state, context)
        case .review(let draft): step = review(draft, state.review, owners: state.context?.safe.owners, context)
        case .proposed(let entry, let count): step = proposed(entry, count, signed: false, owners: state.context?.safe.owners, context)
        case .signed(let entry, let count):
            step = proposed(entry, count, signed: true, readiness: state.readiness, owners: state.context?.safe.owners, context)
        case .executed(let hash, let success):
            step = """
            <section><h2>Executed</h2><p>Ethereum transaction <code>\(Format.hex(hash))</code>: \
            \(success == false ? "the Safe reported the inner call failed" : "success").</p></section>
            """
        }
        return "<h1>New transaction</h1>\(back)\(Format.error(state.error))\(step)"
    }

    static func compose(_ state: SendFlow.State, _ context: RenderContext) -> HTML {
        let d = state.draft
        let kinds = HTML.join(SafeIntentDraft.Kind.allCases.map { kind in
            let chosen = kind == d.kind
            return context.form(Form.kind, """
                <input type="hidden" name="kind" value="\(kind.rawValue)">\
                <button type="submit" class="secondary kind-tab\(chosen ? " selected" : "")" data-kind-tab="\(kind.rawValue)" \
                aria-pressed="\(chosen ? "true" : "false")">\(kind.title)</button>
                """)
        })
        let fields = ComposeFields(context: state.context, names: context.names, action: context.action(Form.abi))
        // Every other kind's fields, for the script to switch to without a round trip.
        let templates = HTML.join(SafeIntentDraft.Kind.allCases.map { kind in
            "<template data-kind-fields=\"\(kind.rawValue)\" data-title=\"\(kind.title)\">\(fields.fields(kind == d.kind ? d : SafeIntentDraft(kind: kind)))</template>"
        })
        let form = context.form(Form.review, """
            <input type="hidden" name="kind" value="\(d.kind.rawValue)">\
            <div id="kind-fields">\(fields.fields(d))</div>\(fields.nonce(d))\
            <div class="actions"><button type="submit">Review</button></div>
            """)
        return """
            <nav class="kinds" aria-label="Kind of transaction">\(kinds)</nav>\
            <section><h2 id="kind-title">\(d.kind.title)</h2>\(fields.holdings)\(form)\(templates)\(fields.suggestions)</section>
            """
    }

    static func review(_ draft: SafeTransactionDraft, _ review: SafeTransactionReview?, owners: [Address]?, _ context: RenderContext) -> HTML {
        let sign = Format.signForm(Form.sign, owners: owners, signed: [], context)
        let proposeOnly = context.form(Form.propose, class: "inline", "<button type=\"submit\" class=\"secondary\">Propose without signing</button>")
        return """
        \(reviewed(draft.transaction, summary: draft.summary, review, context))\
        <section id="sign-draft"><h2>Sign</h2><p class="muted">Nothing is stored until you sign: signing proposes the transaction \
        with your signature. Proposing without signing puts it in the queue for others to sign.</p>\(sign)\
        <div class="actions">\(proposeOnly)\(context.form(Form.back, class: "inline", "<button type=\"submit\" class=\"secondary\">Back</button>"))</div></section>
        """
    }

    /// A proposed transaction: how far it is signed, and signing (unsigned) or executing (signed) next.
    static func proposed(_ entry: SafeTransactionEntry, _ count: ConfirmationCount, signed: Bool, readiness: ExecutionReadiness? = nil,
                         owners: [Address]?, _ context: RenderContext) -> HTML {
        let standing = readiness.map { QueueWording.standing($0, count) } ?? SafeTransactionView(entry, count: count).standing
        let link: HTML = "<a href=\"/tx/\(Format.hex(entry.safeTxHash))\">Open the transaction</a>"
        let next: HTML
        if signed {
            next = """
            <p class="notice success" id="proposed">Signed: \(standing). \(link) to export it for the other owners.</p>\
            \(execute(readiness, entry))
            """
        } else {
            next = """
            <p class="notice success" id="proposed">Proposed without signing, nonce \(entry.transaction.nonce): \(standing). \(link).</p>\
            \(Format.signForm(Form.sign, owners: owners, signed: entry.signatures.map(\.owner), context))
            """
        }
        let hashes: HTML = (try? SafeHashesView(entry.transaction)).map { "<dl>\(Format.hashes($0))</dl>" } ?? .empty
        return "<section id=\"review\"><h2>\(signed ? "Execute" : "Sign")</h2><p><strong>\(context.named(entry.summary))</strong></p>\(next)\(hashes)</section>"
    }

    /// Once the Safe can run it now (its nonce, its threshold met), the way to execute: the
    /// transaction's page, whose picker shows each key's balance; otherwise why not yet.
    static func execute(_ readiness: ExecutionReadiness?, _ entry: SafeTransactionEntry) -> HTML {
        guard let readiness, !readiness.canExecute else {
            return "<p><a class=\"button\" id=\"execute-link\" href=\"/tx/\(Format.hex(entry.safeTxHash))#sign\">Execute on the transaction's page</a></p>"
        }
        return "<p class=\"muted\" id=\"why-not-execute\">\(QueueWording.whyNotExecutable(readiness) ?? "")</p>"
    }

    /// What a transaction does, as the review shows it: decoded, simulated, the Safe after it, its
    /// events, the risks, and the hashes.
    static func reviewed(_ tx: SafeTx, summary: String, _ review: SafeTransactionReview?, _ context: RenderContext) -> HTML {
        let decoded: HTML = review.map { Format.decoded($0.call, names: context.names) } ?? "<p class=\"muted\">Decoding…</p>"
        return """
        <section id="review"><h2>Review</h2><p class="notice note" id="draft-notice">A draft: nothing is stored, and no one else sees it.</p>\
        <p><strong>\(context.named(summary))</strong></p>\(decoded)\(Format.simulation(review?.simulation))\(Format.effect(review?.effect))\
        \(Format.events(of: review))\(Format.risks(review?.risks ?? []))\
        <dl><dt>Operation</dt><dd>\(tx.operation.name)</dd><dt>Nonce</dt><dd>\(tx.nonce)</dd>\
        \((try? SafeHashesView(tx)).map(Format.hashes) ?? .empty)</dl></section>
        """
    }
}
