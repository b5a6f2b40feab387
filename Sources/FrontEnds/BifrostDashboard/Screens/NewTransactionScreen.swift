import AppCore
import BigInt

/// A new transaction from a Safe, as the send flow's routes: compose (a transfer, an owner change,
/// a batch), review (against blind signing: every call decoded, the warnings, the simulation, and
/// the hashes to compare), sign with a vault key, execute.
struct NewTransactionScreen: Screen {
    let path: String
    let section = Section.safes

    /// The page of a new transaction from Safe `safe`, composing.
    @MainActor
    static func page(id: String, safe: Address, session: Session) -> FeaturePage<NewTransactionScreen> {
        let store = Store(initialState: SendFlow.State(safe: safe), reducer: SendFlow.Reducer(dependencies: .live(session)))
        return FeaturePage(id: id, screen: NewTransactionScreen(path: "/safes/\(safe.checksummed)/new"), store: store)
    }

    enum Form: String, PageForm {
        /// Picks the kind of transaction to compose.
        case kind
        case review
        /// Reads the ABI typed so far, or the function picked, and shows its fields.
        case abi
        case back
        case sign
        case execute

        func actions(_ form: FormData, _ state: SendFlow.State) throws -> [SendFlow.Action] {
            switch self {
            case .kind:
                guard let kind = form["kind"].flatMap(SafeIntentDraft.Kind.init(rawValue:)) else { throw FormError("Choose a kind of transaction.") }
                return [.draftChanged(SafeIntentDraft(kind: kind))]
            case .review: return [.draftChanged(NewTransactionScreen.draft(state.draft, form)), .reviewTapped]
            case .abi: return [.draftChanged(NewTransactionScreen.draft(state.draft, form))]
            case .back: return [.backTapped]
            case .sign: return try Parse.signer(form, SendFlow.Action.signTapped(keyName:password:))
            case .execute: return try Parse.signer(form, SendFlow.Action.executeTapped(keyName:password:))
            }
        }
    }

    func title(_ state: SendFlow.State) -> String { "New transaction" }

    func main(_ state: SendFlow.State, _ context: RenderContext) -> HTML { Self.render(state, context) }

    /// `draft` with what the compose form sent.
    static func draft(_ draft: SafeIntentDraft, _ form: FormData) -> SafeIntentDraft {
        var d = draft
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
        d.arguments = (0..<(d.chosenFunction?.inputs.count ?? 0)).map { form["arg-\($0)"] ?? "" }
        return d
    }

    static func render(_ state: SendFlow.State, _ context: RenderContext) -> HTML {
        let back: HTML = "<p><a href=\"/safes/\(state.safe.checksummed)\">← Back to the Safe</a></p>"
        let step: HTML
        switch state.route {
        case .compose: step = compose(state, context)
        case .review(let entry): step = review(entry, state.review, count: nil, context)
        case .signed(let entry, let count): step = review(entry, state.review, count: count, context)
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
            context.form(Form.kind, """
                <input type="hidden" name="kind" value="\(kind.rawValue)">\
                <button type="submit" class="secondary" aria-pressed="\(kind == d.kind ? "true" : "false")">\(kind.title)</button>
                """)
        })
        return """
            <nav class="kinds" aria-label="Kind of transaction">\(kinds)</nav>\
            <section><h2>\(d.kind.title)</h2>\(context.form(Form.review, "\(fields(d))<div class=\"actions\">\(readABI(d, context))<button type=\"submit\">Review</button></div>"))</section>
            """
    }

    /// The fields of the draft's kind, prefilled with what was typed.
    static func fields(_ d: SafeIntentDraft) -> HTML {
        func input(_ label: String, _ name: String, _ value: String, placeholder: String = "0x…", required: Bool = true) -> HTML {
            "<label>\(label)<input name=\"\(name)\" value=\"\(value: value)\" placeholder=\"\(placeholder)\"\(required ? " required" : "") autocomplete=\"off\"></label>"
        }
        let keepThreshold = "Threshold (empty keeps the current rule)"
        switch d.kind {
        case .ether:
            return "\(input("Recipient", "recipient", d.recipient))\(input("Amount (ETH, or with a unit: 20gwei)", "amount", d.amount, placeholder: "0.1"))"
        case .token:
            return """
                \(input("Token contract", "token", d.token))\(input("Recipient", "recipient", d.recipient))\
                \(input("Amount (in the token's units)", "amount", d.amount, placeholder: "12.5"))
                """
        case .addOwner:
            return "\(input("New owner", "owner", d.owner))\(input(keepThreshold, "threshold", d.threshold, placeholder: "2", required: false))"
        case .removeOwner:
            return "\(input("Owner to remove", "owner", d.owner))\(input(keepThreshold, "threshold", d.threshold, placeholder: "1", required: false))"
        case .swapOwner:
            return "\(input("Owner to replace", "owner", d.owner))\(input("New owner", "new-owner", d.newOwner))"
        case .threshold:
            return input("New threshold", "threshold", d.threshold, placeholder: "2")
        case .batch:
            return """
                <label>Transfers, one per line: ADDRESS AMOUNT (ETH); or a JSON array of calls, as <code>safe propose --batch</code> takes; \
                or a Safe{Wallet} Transaction Builder file<textarea id="batch" name="batch" rows="5" required \
                placeholder="0x… 0.1&#10;0x… 0.25">\(value: d.batch)</textarea></label>\
                <label>…or load a Transaction Builder file<input type="file" accept=".json,application/json" data-into="batch"></label>
                """
        case .contract:
            return "\(input("Contract", "recipient", d.recipient))\(input("ETH to send with the call (optional)", "amount", d.amount, placeholder: "0", required: false))\(abiFields(d))"
        case .sheet:
            return """
                <label>CSV: token_type,token_address,receiver,amount (native or erc20), or token,receiver,amount; amounts in each token's units\
                <textarea id="sheet" name="sheet" rows="6" required placeholder="token,receiver,amount&#10;,0x…,0.1">\(value: d.sheet)</textarea></label>\
                <label>…or load the CSV file<input type="file" accept=".csv,text/csv" data-into="sheet"></label>
                """
        }
    }

    /// The ABI, and once it reads, the function picker and one field per input, named from the ABI.
    static func abiFields(_ d: SafeIntentDraft) -> HTML {
        let abi: HTML = """
            <label>ABI (JSON, as solc, Foundry, Hardhat or Etherscan give it)<textarea id="abi" name="abi" rows="5" required \
            placeholder="[{&quot;type&quot;:&quot;function&quot;,…}]">\(value: d.abi)</textarea></label>\
            <label>…or load the ABI file<input type="file" accept=".json,application/json" data-into="abi"></label>
            """
        guard let chosen = d.chosenFunction else {
            let why: HTML = d.abi.isEmpty ? .empty : "<p class=\"error\" role=\"alert\">The ABI has no function a Safe can call.</p>"
            return "\(abi)\(why)"
        }
        let options = HTML.join(d.contractFunctions.map { f in
            "<option value=\"\(value: f.canonical)\"\(f == chosen ? " selected" : "")>\(f.description)</option>"
        })
        let inputs = HTML.join(chosen.inputs.indices.map { i in
            let value = i < d.arguments.count ? d.arguments[i] : ""
            let hint = Self.argumentHint(chosen.inputs[i].type)
            return """
                <label>\(chosen.label(i)) <span class="muted">\(chosen.inputs[i].type.description)</span>\
                <input name="arg-\(i)" value="\(value: value)" placeholder="\(hint)" autocomplete="off" data-argument="\(chosen.label(i))"></label>
                """
        })
        return "\(abi)<label>Function<select name=\"function\" id=\"function\">\(options)</select></label>\(inputs)"
    }

    /// How a value of `type` is written in its field.
    static func argumentHint(_ type: ABIType) -> String {
        switch type {
        case .address: return "0x…"
        case .uint, .int: return "123, 0x7b or 1.5ether"
        case .bool: return "true or false"
        case .bytes, .fixedBytes: return "0x…"
        case .string: return "text"
        case .array, .fixedArray: return "[a, b]"
        case .tuple: return "(a, b)"
        }
    }

    /// For a contract call, a button that reads the ABI (or the picked function) and shows its fields.
    static func readABI(_ d: SafeIntentDraft, _ context: RenderContext) -> HTML {
        guard d.kind == .contract else { return .empty }
        return "<button type=\"submit\" class=\"secondary\" formaction=\"\(context.action(Form.abi))\" formnovalidate>\(d.chosenFunction == nil ? "Read the ABI" : "Show the function's fields")</button>"
    }

    static func review(_ entry: SafeTransactionEntry, _ review: SafeTransactionReview?, count: ConfirmationCount?,
                       _ context: RenderContext) -> HTML {
        let tx = entry.transaction
        let keyFields = Format.keyFields(context.keys)
        let next: HTML
        if let count {
            next = """
            <p class="notice">Signed: \(SafeTransactionView(entry, count: count).standing). <a href="/tx/\(Format.hex(entry.safeTxHash))">Open the transaction</a> \
            to export it for the other owners.</p>\
            \(context.form(Form.execute, "\(keyFields)<div class=\"actions\"><button type=\"submit\">Execute</button></div>"))
            """
        } else {
            next = context.form(Form.sign, "\(keyFields)<div class=\"actions\"><button type=\"submit\">Sign</button></div>")
        }
        let decoded: HTML = review.map { Format.decoded($0.call, names: context.names) } ?? "<p class=\"muted\">Decoding…</p>"
        return """
        <section id="review"><h2>Review</h2><p><strong>\(context.named(entry.summary))</strong></p>\(decoded)\(Format.simulation(review?.simulation))\(Format.effect(review?.effect))\(Format.events(review?.events, beside: review?.effect))\(Format.risks(review?.risks ?? []))\
        <dl><dt>Operation</dt><dd>\(tx.operation.name)</dd><dt>Nonce</dt><dd>\(tx.nonce)</dd>\
        \((try? SafeHashesView(tx)).map(Format.hashes) ?? .empty)</dl></section>\
        <section><h2>\(count == nil ? "Sign" : "Execute")</h2>\(next)\
        \(context.form(Form.back, class: "inline", "<button type=\"submit\" class=\"secondary\">Back</button>"))</section>
        """
    }
}
