import AppCore

/// How the screens write addresses, amounts and hashes; formatting only, no rule.
enum Format {
    static func ether(_ amount: EtherAmount) -> String { "\(amount.exact(in: .ether)) ETH" }

    static func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes) }

    static func short(_ address: Address) -> String {
        let text = address.checksummed
        return String(text.prefix(6)) + "…" + String(text.suffix(4))
    }

    /// An address with its full text on hover and a copy button.
    static func address(_ address: Address, copy: Bool = false) -> HTML {
        let button: HTML = copy ? "<button type=\"button\" class=\"secondary\" data-copy=\"\(address.checksummed)\">Copy</button>" : .empty
        return "<code title=\"\(address.checksummed)\">\(address.checksummed)</code> \(button)"
    }

    static func fiat(_ value: String?, _ currency: String = "usd") -> HTML {
        guard let value else { return "<span class=\"muted\">no rate</span>" }
        return "\(value) \(currency.uppercased())"
    }

    static func error(_ error: FeatureError?) -> HTML { alert(error?.message) }

    /// A message the user must see, announced to screen readers; nothing when there is none.
    static func alert(_ message: String?) -> HTML {
        guard let message else { return .empty }
        return "<p class=\"error\" role=\"alert\">\(message)</p>"
    }

    /// A picker of the vault keys `keys`, and the password that unlocks the chosen one.
    static func keyFields(_ keys: [Account]) -> HTML {
        let options = HTML.join(keys.map { "<option value=\"\($0.name)\">\($0.name) · \(short($0.address))</option>" })
        return """
            <label>Key<select name="key">\(options)</select></label>\
            <label>Password<input type="password" name="password" autocomplete="off" required></label>
            """
    }

    /// The three hashes an owner compares with a hardware wallet's screen, as rows of a `dl`.
    static func hashes(domain: [UInt8]?, message: [UInt8]?, safeTxHash: [UInt8]) -> HTML {
        """
        <dt>Domain hash</dt><dd><code>\(domain.map(hex) ?? "")</code></dd>\
        <dt>Message hash</dt><dd><code>\(message.map(hex) ?? "")</code></dd>\
        <dt>safeTxHash</dt><dd><code id="safe-tx-hash">\(hex(safeTxHash))</code></dd>
        """
    }

    /// A loud warning when `tx` delegatecalls: the called code runs as the Safe and can change anything.
    static func delegateCallWarning(_ tx: SafeTx) -> HTML {
        guard tx.operation == .delegateCall else { return .empty }
        return "<p class=\"warning\">This transaction delegatecalls \(tx.to.checksummed): that code runs as your Safe and can change anything.</p>"
    }
}
