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

    static func error(_ error: FeatureError?) -> HTML {
        guard let error else { return .empty }
        return "<p class=\"error\" role=\"alert\">\(error.message)</p>"
    }
}
