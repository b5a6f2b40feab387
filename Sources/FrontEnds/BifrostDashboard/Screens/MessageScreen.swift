import AppCore

/// One Safe message: the text or the typed data, the two hashes to compare, who signed and who is
/// missing, the owner's Sign, and once enough owners signed the final signature to copy into the
/// app that asked, with the Safe's own verdict on chain.
struct MessageScreen: Screen {
    let path: String
    let section = Section.safes
    let reload: MessageDetail.Action? = .refresh
    /// The Transaction Service the dashboard meets at, by host; nil without one.
    let serviceHost: String?

    /// The page of message `messageHash`, loading.
    @MainActor
    static func page(id: String, messageHash: [UInt8], session: Session) -> FeaturePage<MessageScreen> {
        let store = Store(initialState: MessageDetail.State(messageHash: messageHash), reducer: MessageDetail.Reducer(dependencies: .live(session)))
        store.send(.refresh)
        let screen = MessageScreen(path: "/messages/\(Format.hex(messageHash))", serviceHost: Format.serviceHost(session))
        return FeaturePage(id: id, screen: screen, store: store)
    }

    enum Form: String, PageForm {
        case sign
        case verify
        case share

        func actions(_ form: FormData, _ state: MessageDetail.State) throws -> [MessageDetail.Action] {
            switch self {
            case .sign: return try Parse.signer(form, MessageDetail.Action.signTapped(keyName:password:))
            case .verify: return [.verifyTapped]
            case .share: return [.shareTapped]
            }
        }
    }

    func title(_ state: MessageDetail.State) -> String { "Safe message" }

    func main(_ state: MessageDetail.State, _ context: RenderContext) -> HTML { Self.render(state, context, serviceHost: serviceHost) }

    static func render(_ state: MessageDetail.State, _ context: RenderContext, serviceHost: String? = nil) -> HTML {
        guard let detail = state.detail else {
            let waiting: HTML = state.loading ? "<p class=\"muted\">Loading…</p>" : .empty
            return "<h1>Safe message</h1><p><code>\(Format.hex(state.messageHash))</code></p>\(Format.error(state.error))\(waiting)"
        }
        let view = SafeMessageView(detail)
        return """
        <h1>Safe message</h1>
        <p><a href="/safes/\(view.safe)">← \(Format.short(view.safe))</a> <span class="pill" id="standing">\(view.confirmations) of \(view.threshold) signed</span></p>\
        \(Format.error(state.error))\(content(view))\(hashes(view))\(signatures(view, context))\(sign(state, detail, context))\(final(state, view, context))\(share(state, context, serviceHost: serviceHost))
        """
    }

    /// Sending the message and its signatures to the Transaction Service the dashboard meets at.
    static func share(_ state: MessageDetail.State, _ context: RenderContext, serviceHost: String?) -> HTML {
        guard let serviceHost else { return .empty }
        return Format.share("message", sharedWith: state.sharedWith, serviceHost: serviceHost, form: Form.share, context)
    }

    /// The text as written, or the typed data laid out with its JSON.
    static func content(_ view: SafeMessageView) -> HTML {
        guard view.kind == "typedData" else { return "<section id=\"content\"><h2>Text</h2><pre class=\"message\">\(lines: view.message)</pre></section>" }
        let pretty = (try? JSONParser.parse(view.message)).map { JSONWriter.write($0, pretty: true) } ?? view.message
        return "<section id=\"content\"><h2>Typed data (EIP-712)</h2><pre class=\"message\">\(lines: pretty)</pre></section>"
    }

    static func hashes(_ view: SafeMessageView) -> HTML {
        """
        <section id="hashes"><h2>What your hardware wallet shows</h2><dl>\
        <dt>Message digest (the app asks the Safe about it)</dt><dd><code id="digest">\(view.digest)</code></dd>\
        <dt>SafeMessage hash (owners sign it)</dt><dd><code id="message-hash">\(view.messageHash)</code></dd>\
        \(view.domainHash.map { (hash: String) -> HTML in "<dt>Domain hash</dt><dd><code id=\"domain-hash\">\(hash)</code></dd>" } ?? .empty)\
        \(view.structHash.map { (hash: String) -> HTML in "<dt>Message hash</dt><dd><code id=\"struct-hash\">\(hash)</code></dd>" } ?? .empty)\
        <dt>Safe</dt><dd>\(view.safe) on chain \(view.chainId), Safe \(view.safeVersion)</dd></dl></section>
        """
    }

    /// An owner as the view wrote it (checksummed), with its name and, when it is your key, the key's name.
    static func owner(_ text: String, _ context: RenderContext) -> HTML {
        guard let address = try? Address(text) else { return "<code>\(text)</code>" }
        return "\(context.address(address))\(context.mineMark(address))"
    }

    static func signatures(_ view: SafeMessageView, _ context: RenderContext) -> HTML {
        let signed = HTML.join(view.signatures.map { "<tr><td>\(owner($0.owner, context))</td><td>signed</td></tr>" })
        let missing = HTML.join(view.missing.map { "<tr><td>\(owner($0, context))</td><td class=\"muted\">not yet</td></tr>" })
        return """
        <section id="signatures"><h2>Signatures</h2><table><thead><tr><th>Owner</th><th>Signature</th></tr></thead>\
        <tbody>\(signed)\(missing)</tbody></table></section>
        """
    }

    static func sign(_ state: MessageDetail.State, _ detail: SafeMessageDetail, _ context: RenderContext) -> HTML {
        guard detail.finalSignature == nil else { return .empty }
        let owners = context.keys.filter { key in detail.count.missing.contains(key.address) }
        guard !owners.isEmpty else {
            return "<section id=\"sign\"><h2>Sign</h2><p class=\"muted\">None of your keys is a missing owner of this Safe.</p></section>"
        }
        return """
        <section id="sign"><h2>Sign</h2><p class="muted">Signs the SafeMessage hash above; nothing goes on chain.</p>\
        \(context.form(Form.sign, "\(Format.keyFields(owners))<div class=\"actions\"><button type=\"submit\">Sign</button></div>"))</section>
        """
    }

    /// The final signature to paste into the app, and the Safe's answer to `isValidSignature`.
    static func final(_ state: MessageDetail.State, _ view: SafeMessageView, _ context: RenderContext) -> HTML {
        guard let signature = view.finalSignature else {
            return "<section id=\"final\"><h2>Final signature</h2><p class=\"muted\">Ready once \(view.threshold) owners have signed.</p></section>"
        }
        let verdict: HTML = state.verdict.map { v in
            v.valid ? "<p class=\"notice success\" id=\"verdict\" data-valid=\"true\">The Safe accepts it: isValidSignature returned the magic value.</p>"
                : "<p class=\"error\" id=\"verdict\" data-valid=\"false\">The Safe refuses it: \(v.reason ?? "no reason given")</p>"
        } ?? .empty
        return """
        <section id="final"><h2>Final signature</h2><p class="muted">Give this to the app that asked; it checks it with the Safe's \
        <code>isValidSignature</code>.</p><p><code id="final-signature" class="wrap">\(signature)</code> \
        <button type="button" class="secondary" data-copy="\(signature)">Copy</button></p>\
        \(context.form(Form.verify, class: "inline", "<button type=\"submit\" class=\"secondary\">Ask the Safe on chain</button>"))\(verdict)</section>
        """
    }
}
