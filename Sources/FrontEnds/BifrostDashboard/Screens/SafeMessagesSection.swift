import AppCore

/// The Safe home's messages: each with where its signatures stand, and a form that proposes a
/// text or typed-data message and signs it with one of your keys.
enum SafeMessagesSection {
    /// The section, whose form posts to its page as `form`.
    static func render(_ snapshot: SafeDetail.Snapshot, form propose: some PageForm, _ context: RenderContext) -> HTML {
        let rows = HTML.join(snapshot.messages.map(SafeMessageView.init).map { view in
            let firstLine = view.kind == "text" ? String(view.message.split(separator: "\n", omittingEmptySubsequences: false).first ?? "") : "typed data"
            return """
            <tr data-message="\(view.messageHash)"><td><a href="/messages/\(view.messageHash)">\(firstLine.prefix(80))</a></td>\
            <td class="confirmations">\(view.confirmations) of \(view.threshold)</td>\
            <td>\(view.finalSignature == nil ? "collecting signatures" : "signed")</td></tr>
            """
        })
        let list: HTML = snapshot.messages.isEmpty ? "<p class=\"muted\">No messages yet.</p>" : """
            <table><thead><tr><th>Message</th><th>Signatures</th><th>Standing</th></tr></thead><tbody>\(rows)</tbody></table>
            """
        let owners = context.keys.filter { snapshot.info.safe.owners.contains($0.address) }
        let form: HTML = owners.isEmpty ? "<p class=\"muted\">Import an owner's key to propose a message.</p>" : context.form(propose, """
            <label>Kind<select name="kind"><option value="text">Text (personal_sign)</option>\
            <option value="typedData">Typed data (EIP-712 JSON)</option></select></label>\
            <label>Message<textarea name="message" required></textarea></label>\(Format.keyFields(owners))\
            <div class="actions"><button type="submit">Propose and sign</button></div>
            """)
        return """
        <section id="messages"><h2>Messages</h2><p class="muted">Off-chain messages the Safe signs (EIP-1271): sign-in requests, \
        orders, votes.</p>\(list)<h3>Sign a message</h3>\(form)</section>
        """
    }
}
