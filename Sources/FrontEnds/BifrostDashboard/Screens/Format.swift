import AppCore

/// How the screens write addresses, amounts and hashes; formatting only, no rule.
enum Format {
    static func ether(_ amount: EtherAmount) -> String { "\(amount.exact(in: .ether)) ETH" }

    static func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes) }

    static func short(_ address: Address) -> String { short(address.checksummed) }

    /// An address as a view writes it (checksummed text), shortened the same way.
    static func short(_ text: String) -> String { String(text.prefix(6)) + "…" + String(text.suffix(4)) }

    /// An address with its full text on hover and a copy button.
    static func address(_ address: Address, copy: Bool = false, name: String? = nil) -> HTML {
        let button: HTML = copy ? "<button type=\"button\" class=\"secondary\" data-copy=\"\(address.checksummed)\">Copy</button>" : .empty
        let label: HTML = name.map { "<span class=\"address-name\">\($0)</span> " } ?? .empty
        return "<code title=\"\(address.checksummed)\">\(address.checksummed)</code> \(label)\(button)"
    }

    static func fiat(_ value: String?, _ currency: String) -> HTML {
        guard let value else { return "<span class=\"muted\">no rate</span>" }
        return "\(value) \(currency.uppercased())"
    }

    /// A feature's error in the dashboard's words (`ErrorWording`), as an alert.
    static func error(_ error: FeatureError?) -> HTML { alert(error.map { ErrorWording.text(for: $0) }) }

    /// A message the user must see, announced to screen readers; nothing when there is none.
    static func alert(_ message: String?) -> HTML {
        guard let message else { return .empty }
        return "<p class=\"error\" role=\"alert\">\(message)</p>"
    }

    /// A picker of the vault keys `keys`, and the password that unlocks the chosen one.
    static func keyFields(_ keys: [Account]) -> HTML {
        guard !keys.isEmpty else {
            return "<p class=\"first-run\" id=\"no-keys\">No key in this home can sign. <a href=\"/onboarding\">Create or import a key first</a>.</p>"
        }
        let options = HTML.join(keys.map { "<option value=\"\(value: $0.name)\">\($0.name) · \(short($0.address))\(deviceMark($0))</option>" })
        return "<label>Key<select name=\"key\">\(options)</select></label>\(passwordField(keys))"
    }

    /// The three hashes an owner compares with a hardware wallet's screen, then the EIP-712
    /// fields in the order the device lists them, as rows of a `dl`.
    static func hashes(_ view: SafeHashesView) -> HTML {
        let fields = HTML.join(view.fields.map { "<tr><th>\($0.struct)</th><td>\($0.name)</td><td><code>\($0.value)</code></td></tr>" })
        return """
        <dt>Domain hash</dt><dd><code>\(view.domainSeparator)</code></dd>\
        <dt>Message hash</dt><dd><code>\(view.structHash)</code></dd>\
        <dt>safeTxHash</dt><dd><code id="safe-tx-hash">\(view.safeTxHash)</code></dd>\
        <dt>EIP-712 fields</dt><dd><table class="typed-fields" id="typed-fields"><tbody>\(fields)</tbody></table></dd>
        """
    }

    /// What a call does, decoded: its warnings first and loud, then the function with its named
    /// arguments, then each inner call of a batch the same way.
    static func decoded(_ call: DecodedCall, names: AddressNames = AddressNames()) -> HTML {
        let warnings = HTML.join(call.allWarnings.map { "<p class=\"warning\" role=\"alert\">\(names.annotate($0))</p>" })
        return "<div class=\"decoded\" id=\"decoded\">\(warnings)\(callBody(call, names))</div>"
    }

    private static func callBody(_ call: DecodedCall, _ names: AddressNames) -> HTML {
        // A batch's delegatecall to a known MultiSend is routine; only code the decoder does not trust is red.
        let op: HTML = call.operation != .delegateCall ? .empty
            : call.untrustedDelegateCall ? " <span class=\"badge warning-badge\">delegatecall</span>" : " <span class=\"badge\">delegatecall</span>"
        let what: String
        if call.data.isEmpty {
            // A delegatecall with no data still runs the target's code, and sends no value.
            what = call.operation == .call ? "Transfer" : "\(call.operation.name) with no data"
        } else if !call.calls.isEmpty {
            what = "multiSend: \(call.calls.count) calls"
        } else {
            what = call.function ?? "Unknown function \(hex(Array(call.data.prefix(4))))"
        }
        let showsValue = call.data.isEmpty ? call.operation == .call : call.value > 0
        let value: HTML = showsValue ? " · \(ether(EtherAmount(wei: call.value)))" : .empty
        let arguments: HTML = call.arguments.isEmpty ? .empty : """
            <table class="arguments"><tbody>\(HTML.join(call.arguments.map { "<tr><th>\($0.name)</th><td class=\"muted\">\($0.type)</td><td>\(argument($0, names))</td></tr>" }))</tbody></table>
            """
        let raw: HTML = call.function == nil && !call.data.isEmpty ? "<p class=\"muted\">\(call.data.count) bytes of data: <code>\(hex(call.data))</code></p>" : .empty
        let inner: HTML = call.calls.isEmpty ? .empty : "<ol class=\"inner-calls\">\(HTML.join(call.calls.map { "<li>\(callBody($0, names))</li>" }))</ol>"
        return "<p class=\"call\"><strong>\(what)</strong> → \(address(call.to, name: names.name(call.to)))\(op)\(value)</p>\(arguments)\(raw)\(inner)"
    }

    /// An argument's value; a token amount in the token's units, the raw integer small beside it.
    private static func argument(_ a: DecodedCall.Argument, _ names: AddressNames) -> HTML {
        guard let units = a.units else { return "<code>\(names.annotate(a.value))</code>" }
        return "<code class=\"token-amount\">\(units)</code> <small class=\"muted raw-amount\">\(a.value)</small>"
    }

    /// What the transaction changes about the Safe, the most severe first; critical and warning
    /// changes as alerts. "Simulating…" until it is known.
    static func effect(_ effect: SafeEffect?) -> HTML {
        guard let effect else { return "<p class=\"muted\" id=\"effect\">Simulating the Safe after the transaction…</p>" }
        let view = SafeEffectView(effect)
        let rows = HTML.join(view.changes.map { finding(severity: $0.severity, data: "kind", $0.kind, $0.description) })
        let list: HTML = view.changes.isEmpty ? .empty : "<ul class=\"changes\">\(rows)</ul>"
        return "<div id=\"effect\" data-outcome=\"\(view.outcome)\"><h3>The Safe after the transaction</h3><p>\(view.summary)</p>\(list)</div>"
    }

    /// The events the execution would emit, in order, without the Safe's own that its after-state
    /// lists as changes already; nothing until they are known.
    static func events(of review: SafeTransactionReview?) -> HTML {
        guard let review else { return .empty }
        let view = SafeEventsView(review.events, beside: review.effect, of: review.safe)
        let rows = HTML.join(view.events.map { finding(severity: $0.severity, data: "event", $0.kind, $0.description) })
        let list: HTML = view.events.isEmpty ? .empty : "<ol class=\"changes\">\(rows)</ol>"
        return "<div id=\"events\" data-outcome=\"\(view.outcome)\"><h3>Events</h3><p>\(view.summary)</p>\(list)</div>"
    }

    /// One change or risk as a list item named by `data-<attribute>`; an alert when it can go wrong.
    private static func finding(severity: String, data attribute: String, _ name: String, _ text: String) -> HTML {
        let loud: HTML = severity == "warning" || severity == "critical" ? " role=\"alert\"" : .empty
        let named: HTML = switch attribute {
        case "kind": "data-kind"
        case "event": "data-event"
        default: "data-risk"
        }
        return "<li class=\"change \(severity)\" \(named)=\"\(name)\"\(loud)><strong>\(severity)</strong> \(text)</li>"
    }

    /// The named risks beyond the after-state; an alert when it can go wrong (warning or critical).
    static func risks(_ risks: [SafeRisk]) -> HTML {
        guard !risks.isEmpty else { return .empty }
        let rows = HTML.join(risks.map(SafeRiskView.init).map { finding(severity: $0.severity, data: "risk", $0.name, $0.message) })
        return "<div id=\"risks\"><h3>Risks</h3><ul class=\"changes\">\(rows)</ul></div>"
    }

    /// The dry run's outcome; "simulating…" until it is known.
    static func simulation(_ simulation: SafeSimulation?) -> HTML {
        guard let simulation else { return "<p class=\"muted\" id=\"simulation\">Simulating…</p>" }
        let outcome: String
        switch simulation {
        case .succeeds: outcome = "ok"
        case .reverts: outcome = "fails"
        case .unavailable: outcome = "unknown"
        }
        return "<p class=\"simulation \(outcome)\" id=\"simulation\">Simulation as the Safe: \(simulation.description)</p>"
    }

    /// The host of the Transaction Service the session meets at, as the pages name it; nil without one.
    static func serviceHost(_ session: Session) -> String? { session.service?.host }

    /// Sending a transaction or a message (`thing`) and the signatures collected here to the
    /// Transaction Service at `serviceHost` (the page's `form`), and whose went last time.
    static func share(_ thing: String, sharedWith: [Address]?, serviceHost: String, form: some PageForm, _ context: RenderContext) -> HTML {
        let sent: HTML = sharedWith.map { owners in
            "<p class=\"notice success\" id=\"shared\">Sent to \(serviceHost): \(owners.count) signature\(owners.count == 1 ? "" : "s") (\(owners.map(short).joined(separator: ", "))).</p>"
        } ?? .empty
        return """
        <section id="share"><h2>Share through \(serviceHost)</h2><p class="muted">Proposes the \(thing) there, or adds the \
        signatures collected here to it, for the other owners to see.</p>\(sent)\
        \(context.form(form, class: "inline", "<button type=\"submit\" class=\"secondary\">Send to the service</button>"))</section>
        """
    }
}
