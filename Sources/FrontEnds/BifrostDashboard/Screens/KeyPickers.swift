import AppCore
import BigInt

/// The key pickers of a Safe transaction, beside `Format.keyFields`: which keys, in which order and
/// which first come from `KeyChoice`; here they are only written out.
extension Format {
    /// The sign picker: unsigned owner keys first; a key that signed is listed as signed and cannot be chosen.
    static func signerFields(_ options: [SignerOption]) -> HTML {
        let rows = HTML.join(options.map { o -> HTML in
            let label = "\(o.account.name) · \(short(o.account.address))\(deviceMark(o.account))" + (o.hasSigned ? " · signed" : "")
            return "<option value=\"\(value: o.account.name)\"\(o.hasSigned ? " disabled" : "")>\(label)</option>"
        })
        return """
            <label>Key<select name="key" id="sign-key">\(rows)</select></label>\(passwordField(options.map(\.account)))
            """
    }

    /// The sign form (`form`) over your keys that own the Safe, starting on one that has not signed
    /// (`KeyChoice.signers`); no key left to sign says so. Without the owners known yet, every key.
    static func signForm(_ form: some PageForm, owners: [Address]?, signed: [Address], _ context: RenderContext) -> HTML {
        guard let owners else { return context.form(form, "\(keyFields(context.keys))<div class=\"actions\"><button type=\"submit\">Sign</button></div>") }
        let signers = KeyChoice.signers(keys: context.keys, owners: owners, signed: signed)
        guard !signers.isEmpty else { return "<p class=\"muted\" id=\"no-owner-key\">None of your keys owns this Safe: export the file for an owner.</p>" }
        guard signers.contains(where: { !$0.hasSigned }) else {
            let names = signers.map(\.account.name).joined(separator: ", ")
            return "<p class=\"muted\" id=\"all-signed\">Every key of yours that owns this Safe has signed (\(names)).</p>"
        }
        return context.form(form, "\(signerFields(signers))<div class=\"actions\"><button type=\"submit\">Sign</button></div>")
    }

    /// The execute picker: each key with its ether balance; funded keys first, an unfunded key marked
    /// and never chosen first: with balances known and none funded, the picker starts on no key.
    static func executorFields(_ options: [ExecutorOption]) -> HTML {
        let chosen = KeyChoice.defaultExecutor(options)
        let known = !options.isEmpty && options.allSatisfy { $0.balance != nil }
        let placeholder: HTML = chosen == nil && known ? "<option value=\"\" selected disabled>Choose a funded key</option>" : .empty
        let rows = HTML.join(options.map { o -> HTML in
            let balance = o.balance.map { "\(pickerEther($0)) ETH" } ?? "balance unknown"
            let label = "\(o.account.name) · \(short(o.account.address))\(deviceMark(o.account)) · \(balance)" + (o.isOwner ? " · owner" : "")
                + (o.balance != nil && !o.isFunded ? " · no ETH for gas" : "")
            let selected = o == chosen ? " selected" : ""
            return "<option value=\"\(value: o.account.name)\"\(selected) data-funded=\"\(o.isFunded)\">\(label)</option>"
        })
        let none: HTML = options.contains(where: \.isFunded) || options.allSatisfy({ $0.balance == nil }) ? .empty
            : "<p class=\"notice\" id=\"no-funded-key\">None of your keys holds ETH to pay the gas: fund one first.</p>"
        return """
            \(none)<label>Key (pays the gas)<select name="key" id="execute-key">\(placeholder)\(rows)</select></label>\(passwordField(options.map(\.account)))
            """
    }

    /// What marks a key on a Ledger in a picker.
    static func deviceMark(_ account: Account) -> String { account.isOnDevice ? " · Ledger" : "" }

    /// The password of the chosen key; with a Ledger key among `keys` it may stay empty, and the
    /// picker says to confirm on the device, which shows the domain and message hashes of this page.
    static func passwordField(_ keys: [Account]) -> HTML {
        guard keys.contains(where: \.isOnDevice) else {
            return "<label>Password<input type=\"password\" name=\"password\" autocomplete=\"off\" required></label>"
        }
        return """
            <label>Password (not for a Ledger key)<input type="password" name="password" autocomplete="off"></label>\
            <p class="muted" id="ledger-note">With a Ledger key, leave the password empty and confirm on your Ledger: \
            it shows the domain hash and the message hash given on this page; compare them before you approve.</p>
            """
    }

    /// Four places, short enough for a picker; exact when that would show a funded key as 0.0000.
    static func pickerEther(_ amount: EtherAmount) -> String {
        amount.wei >= BigUInt(10).power(14) ? DecimalScaling.format(amount.wei, decimals: 18, places: 4) : amount.exact(in: .ether)
    }
}
