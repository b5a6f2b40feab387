import AppCore
import BigInt

/// The key pickers of a Safe transaction, beside `Format.keyFields`: which keys, in which order and
/// which first come from `KeyChoice`; here they are only written out.
extension Format {
    /// The sign picker: unsigned owner keys first; a key that signed is listed as signed and cannot be chosen.
    static func signerFields(_ options: [SignerOption]) -> HTML {
        let rows = HTML.join(options.map { o -> HTML in
            let label = "\(o.account.name) · \(short(o.account.address))" + (o.hasSigned ? " · signed" : "")
            return "<option value=\"\(value: o.account.name)\"\(o.hasSigned ? " disabled" : "")>\(label)</option>"
        })
        return """
            <label>Key<select name="key" id="sign-key">\(rows)</select></label>\
            <label>Password<input type="password" name="password" autocomplete="off" required></label>
            """
    }

    /// The execute picker: each key with its ether balance; funded keys first, an unfunded key marked
    /// and never chosen first.
    static func executorFields(_ options: [ExecutorOption]) -> HTML {
        let firstFunded = options.firstIndex(where: \.isFunded)
        let rows = HTML.join(options.enumerated().map { i, o -> HTML in
            let balance = o.balance.map { "\(pickerEther($0)) ETH" } ?? "balance unknown"
            let label = "\(o.account.name) · \(short(o.account.address)) · \(balance)" + (o.isOwner ? " · owner" : "")
                + (o.balance != nil && !o.isFunded ? " · no ETH for gas" : "")
            let selected = i == firstFunded ? " selected" : ""
            return "<option value=\"\(value: o.account.name)\"\(selected) data-funded=\"\(o.isFunded)\">\(label)</option>"
        })
        let none: HTML = options.contains(where: \.isFunded) || options.allSatisfy({ $0.balance == nil }) ? .empty
            : "<p class=\"notice\" id=\"no-funded-key\">None of your keys holds ETH to pay the gas: fund one first.</p>"
        return """
            \(none)<label>Key (pays the gas)<select name="key" id="execute-key">\(rows)</select></label>\
            <label>Password<input type="password" name="password" autocomplete="off" required></label>
            """
    }

    /// Four places, short enough for a picker; exact when that would show a funded key as 0.0000.
    static func pickerEther(_ amount: EtherAmount) -> String {
        amount.wei >= BigUInt(10).power(14) ? DecimalScaling.format(amount.wei, decimals: 18, places: 4) : amount.exact(in: .ether)
    }
}
