import AppCore
import BigInt
import Foundation

/// The compose form's fields for each kind of transaction, with what the Safe offers to pick from
/// (its assets and balances, its owners by name, the valid thresholds, recipients from the address
/// book) once its context is read, and typed fields without it.
struct ComposeFields {
    let context: SafeComposeContext?
    let names: AddressNames
    /// Where the contract call's "Read the ABI" button posts.
    let action: String

    /// The fields of the draft's kind, prefilled with what was typed.
    func fields(_ d: SafeIntentDraft) -> HTML {
        let keepThreshold = "Threshold (empty keeps the current rule)"
        switch d.kind {
        case .ether:
            return "\(recipient(d))\(amount(d, "Amount (ETH, or with a unit: 20gwei)", placeholder: "0.1", max: context.map { $0.balance.exact(in: .ether) }))"
        case .token:
            return "\(token(d))\(recipient(d))\(amount(d, "Amount (in the token's units)", placeholder: "12.5", max: nil, fromToken: context?.tokens.isEmpty == false))"
        case .addOwner:
            return "\(input("New owner", "owner", d.owner, list: true))\(threshold(d, keepThreshold, kind: .addOwner, keep: true))"
        case .removeOwner:
            return "\(owner(d, "Owner to remove", "owner", d.owner))\(threshold(d, keepThreshold, kind: .removeOwner, keep: true))"
        case .swapOwner:
            return "\(owner(d, "Owner to replace", "owner", d.owner))\(input("New owner", "new-owner", d.newOwner, list: true))"
        case .threshold:
            return threshold(d, "New threshold", kind: .threshold, keep: false)
        case .batch:
            return """
                <label>Transfers, one per line: ADDRESS AMOUNT (ETH); or a JSON array of calls, as <code>safe propose --batch</code> takes; \
                or a Safe{Wallet} Transaction Builder file<textarea id="batch" name="batch" rows="5" required \
                placeholder="0x… 0.1&#10;0x… 0.25">\(value: d.batch)</textarea></label>\
                <label>…or load a Transaction Builder file<input type="file" accept=".json,application/json" data-into="batch"></label>
                """
        case .contract:
            return """
                \(input("Contract", "recipient", d.recipient))\(input("ETH to send with the call (optional)", "amount", d.amount, placeholder: "0", required: false))\
                \(abiFields(d))
                """
        case .sheet:
            return """
                <label>CSV: token_type,token_address,receiver,amount (native or erc20), or token,receiver,amount; amounts in each token's units\
                <textarea id="sheet" name="sheet" rows="6" required placeholder="token,receiver,amount&#10;,0x…,0.1">\(value: d.sheet)</textarea></label>\
                <label>…or load the CSV file<input type="file" accept=".csv,text/csv" data-into="sheet"></label>
                """
        case .setup:
            return setupFields(d)
        }
    }

    /// The Safe's balances above the form.
    var holdings: HTML {
        guard let context else { return .empty }
        let tokens = HTML.join(context.tokens.map { " · \(TokenUnit(symbol: $0.symbol, decimals: $0.decimals).text($0.raw))" })
        return "<p class=\"muted\" id=\"safe-balance\">The Safe holds \(Format.ether(context.balance))\(tokens); nonce \(context.safe.nonce).</p>"
    }

    /// The nonce, editable: empty takes the next free one. A nonce a queued transaction has shows
    /// the lower layer's warning, switched by the script as it is typed.
    func nonce(_ d: SafeIntentDraft) -> HTML {
        guard let context else {
            return "<label>Nonce (empty takes the next free one)<input name=\"nonce\" id=\"nonce-input\" value=\"\(value: d.nonce)\" inputmode=\"numeric\" autocomplete=\"off\"></label>"
        }
        let typed = BigUInt(d.nonce.trimmingCharacters(in: .whitespaces))
        let queued = Array(Set(context.queued.map(\.transaction.nonce))).sorted()
        let warnings = HTML.join(queued.map { n in
            let text = context.nonceWarning(n) ?? ""
            return "<p class=\"notice note nonce-warning\" data-nonce-warning=\"\(n)\" role=\"alert\"\(typed == n ? "" : " hidden")>\(text)</p>"
        })
        let other: HTML = typed.flatMap { n in queued.contains(n) ? nil : context.nonceWarning(n) }.map { "<p class=\"notice note nonce-warning\" role=\"alert\">\($0)</p>" } ?? .empty
        return """
            <label>Nonce (empty takes the next free one, \(context.nextNonce))<input name="nonce" id="nonce-input" value="\(value: d.nonce)" \
            placeholder="\(context.nextNonce)" inputmode="numeric" autocomplete="off"></label>\(warnings)\(other)
            """
    }

    /// Recipients to suggest while typing an address: the address book's and the owners, by name.
    var suggestions: HTML {
        guard let context, !context.suggestions.isEmpty else { return .empty }
        let options = HTML.join(context.suggestions.map { a in
            "<option value=\"\(a.checksummed)\">\(names.name(a) ?? (context.safe.owners.contains(a) ? "owner" : ""))</option>"
        })
        return "<datalist id=\"recipients\">\(options)</datalist>"
    }

    private func input(_ label: String, _ name: String, _ value: String, placeholder: String = "0x…", required: Bool = true, list: Bool = false) -> HTML {
        let suggest: HTML = list && context != nil ? " list=\"recipients\"" : .empty
        return "<label>\(label)<input name=\"\(name)\" value=\"\(value: value)\" placeholder=\"\(placeholder)\"\(required ? " required" : "") autocomplete=\"off\"\(suggest)></label>"
    }

    private func recipient(_ d: SafeIntentDraft) -> HTML { input("Recipient", "recipient", d.recipient, list: true) }

    /// The amount, with a Max button filling the balance: `max` for ether, the chosen token's for a token.
    private func amount(_ d: SafeIntentDraft, _ label: String, placeholder: String, max: String?, fromToken: Bool = false) -> HTML {
        let field = input(label, "amount", d.amount, placeholder: placeholder)
        if let max {
            return "<div class=\"amount-row\">\(field)<button type=\"button\" class=\"secondary\" data-max=\"\(max)\">Max</button></div>"
        }
        guard fromToken else { return field }
        return "<div class=\"amount-row\">\(field)<button type=\"button\" class=\"secondary\" data-max-from=\"token-select\">Max</button></div>"
    }

    /// The token: the Safe's assets with their balances, or a typed contract without them.
    private func token(_ d: SafeIntentDraft) -> HTML {
        guard let tokens = context?.tokens, !tokens.isEmpty else { return input("Token contract", "token", d.token) }
        let chosen = (try? Address(d.token)) ?? tokens[0].token
        let options = HTML.join(tokens.map { t in
            let unit = TokenUnit(symbol: t.symbol, decimals: t.decimals)
            return """
                <option value="\(t.token.checksummed)" data-balance="\(t.amount.description)"\(t.token == chosen ? " selected" : "")>\
                \(t.symbol) · \(unit.text(t.raw)) · \(Format.short(t.token))</option>
                """
        })
        return "<label>Token<select name=\"token\" id=\"token-select\">\(options)</select></label>"
    }

    /// An owner of the Safe, by name, or a typed address without the Safe's owners.
    private func owner(_ d: SafeIntentDraft, _ label: String, _ name: String, _ value: String) -> HTML {
        guard let owners = context?.safe.owners, !owners.isEmpty else { return input(label, name, value) }
        let chosen = try? Address(value)
        let options = HTML.join(owners.map { o in
            let named: HTML = names.name(o).map { " · \($0)" } ?? .empty
            return "<option value=\"\(o.checksummed)\"\(o == chosen ? " selected" : "")>\(o.checksummed)\(named)</option>"
        })
        return "<label>\(label)<select name=\"\(name)\" data-owner-select>\(options)</select></label>"
    }

    /// The threshold: the valid ones as a choice (the current one marked), or typed without the Safe.
    private func threshold(_ d: SafeIntentDraft, _ label: String, kind: SafeIntentDraft.Kind, keep: Bool) -> HTML {
        guard let context else {
            return input(label, "threshold", d.threshold, placeholder: keep ? "1" : "2", required: !keep)
        }
        let current = context.safe.threshold, now = context.safe.owners.count
        let owners = kind == .addOwner ? now + 1 : kind == .removeOwner ? max(now - 1, 1) : now
        let keepOption: HTML = keep ? "<option value=\"\"\(d.threshold.isEmpty ? " selected" : "")>keep the current rule</option>" : .empty
        let options = HTML.join(context.thresholds(for: kind).map { t in
            let selected = d.threshold == String(t) || (!keep && d.threshold.isEmpty && t == current)
            return "<option value=\"\(t)\"\(selected ? " selected" : "")>\(t) of \(owners)\(t == current ? " (now)" : "")</option>"
        })
        return "<label>\(label)<select name=\"threshold\" id=\"threshold-select\">\(keepOption)\(options)</select></label>"
    }

    /// The ABI, and once it reads, the function picker and one field per input, named from the ABI;
    /// every function's fields are in the page too, so the script follows the picker without a round trip.
    func abiFields(_ d: SafeIntentDraft) -> HTML {
        let abi: HTML = """
            <label>ABI (JSON, as solc, Foundry, Hardhat or Etherscan give it)<textarea id="abi" name="abi" rows="5" required \
            placeholder="[{&quot;type&quot;:&quot;function&quot;,…}]">\(value: d.abi)</textarea></label>\
            <label>…or load the ABI file<input type="file" accept=".json,application/json" data-into="abi"></label>
            """
        guard let chosen = d.chosenFunction else {
            let why: HTML = d.abi.isEmpty ? .empty : "<p class=\"error\" role=\"alert\">The ABI has no function a Safe can call.</p>"
            return "\(abi)\(why)<div class=\"actions\"><button type=\"submit\" class=\"secondary\" formaction=\"\(action)\" formnovalidate>Read the ABI</button></div>"
        }
        let unit = (try? Address(d.recipient)).flatMap { contract in context?.tokens.first { $0.token == contract } }
            .map { TokenUnit(symbol: $0.symbol, decimals: $0.decimals) }
        let options = HTML.join(d.contractFunctions.map { f in
            "<option value=\"\(value: f.canonical)\"\(f == chosen ? " selected" : "")>\(f.description)</option>"
        })
        let templates = HTML.join(d.contractFunctions.map { f in
            "<template data-function-fields=\"\(value: f.canonical)\">\(inputs(f, arguments: f == chosen ? d.arguments : [], unit: unit))</template>"
        })
        return """
            \(abi)<label>Function<select name="function" id="function">\(options)</select></label>\
            <div id="function-fields">\(inputs(chosen, arguments: d.arguments, unit: unit))</div>\(templates)\
            <div class="actions" data-no-script><button type="submit" class="secondary" formaction="\(action)" formnovalidate>Show the function's fields</button></div>
            """
    }

    /// One field per input of `function`, prefilled with `arguments`; an integer of a known token's
    /// contract says what a bare number means in the token.
    private func inputs(_ function: ContractFunction, arguments: [String], unit: TokenUnit?) -> HTML {
        HTML.join(function.inputs.indices.map { i in
            let value = i < arguments.count ? arguments[i] : ""
            let type = function.inputs[i].type
            var hint: HTML = .empty
            if let unit, case .uint = type { hint = "<small class=\"muted field-hint\">\(unit.baseUnitHint)</small>" }
            return """
                <label>\(function.label(i)) <span class="muted">\(type.description)</span>\
                <input name="arg-\(i)" value="\(value: value)" placeholder="\(Self.argumentHint(type))" autocomplete="off" data-argument="\(function.label(i))">\(hint)</label>
                """
        })
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
}
