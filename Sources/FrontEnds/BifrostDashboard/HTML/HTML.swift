import EthereumKit

/// Markup built by interpolation: string literals are trusted markup, every interpolated value is
/// escaped for text and quoted attributes unless it is `HTML` itself. Outside text (token names
/// from the chain, Safe names, file contents) can only reach a page escaped, and shown as
/// `UntrustedText.visible` shows it to a person everywhere: `\(lines: text)` keeps its line feeds
/// (a message's body in a box of its own), and `\(value: text)` keeps it exact for a form field
/// whose value is posted back (a key's name, a draft the user is editing).
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// The markup, ready to send.
    public let rendered: String

    public init(stringLiteral value: String) { rendered = value }

    public init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.rendered }

    private init(rendered: String) { self.rendered = rendered }

    /// No markup.
    public static let empty = HTML(rendered: "")

    /// `parts` one after another.
    public static func join(_ parts: [HTML]) -> HTML { HTML(rendered: parts.map(\.rendered).joined()) }

    /// Builds markup; see the type's comment for what is escaped.
    public struct StringInterpolation: StringInterpolationProtocol {
        var rendered = ""

        public init(literalCapacity: Int, interpolationCount: Int) { rendered.reserveCapacity(literalCapacity + interpolationCount * 16) }

        public mutating func appendLiteral(_ literal: String) { rendered += literal }

        public mutating func appendInterpolation(_ html: HTML) { rendered += html.rendered }

        public mutating func appendInterpolation(_ parts: [HTML]) { for part in parts { rendered += part.rendered } }

        public mutating func appendInterpolation(_ text: String) { rendered += HTML.escape(UntrustedText.visible(text)) }

        public mutating func appendInterpolation(_ value: some CustomStringConvertible) { appendInterpolation(value.description) }

        public mutating func appendInterpolation(_ text: String?) { if let text { appendInterpolation(text) } }

        /// Text whose line feeds belong to it, shown in a `<pre>` or a box of its own.
        public mutating func appendInterpolation(lines text: String) { rendered += HTML.escape(UntrustedText.visible(lines: text)) }

        /// A form field's value, which the browser posts back: escaped, and otherwise exact.
        public mutating func appendInterpolation(value text: String) { rendered += HTML.escape(text) }
    }

    /// `text` with every character that could end a text node or a quoted attribute replaced by
    /// its entity; nothing else changes.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "`": out += "&#96;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
