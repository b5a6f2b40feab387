/// Markup built by interpolation: string literals are trusted markup, every interpolated value is
/// escaped for text and quoted attributes unless it is `HTML` itself. Outside text (token names
/// from the chain, Safe names, file contents) can only reach a page escaped.
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

        public mutating func appendInterpolation(_ text: String) { rendered += HTML.escape(text) }

        public mutating func appendInterpolation(_ value: some CustomStringConvertible) { rendered += HTML.escape(value.description) }

        public mutating func appendInterpolation(_ text: String?) { if let text { rendered += HTML.escape(text) } }
    }

    /// `text` with every character that could end a text node or a quoted attribute replaced by
    /// its entity; controls that reorder text are shown by code point instead.
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
            case "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}", "\u{200E}", "\u{200F}":
                // Shown as its code point: an entity would still reorder the text around it.
                out += "[U+\(String(scalar.value, radix: 16, uppercase: true))]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
