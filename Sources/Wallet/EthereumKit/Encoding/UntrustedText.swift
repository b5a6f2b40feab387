/// How text from outside (names, token symbols, file fields, ABI names, decoded strings, service
/// answers) shows to a person: every character a reader would not see as itself is written as its
/// code point, `[U+202E]`. One rule for the terminal, the sheets Bifrost writes and the dashboard,
/// so a line feed cannot start a line that looks like Bifrost's own, a bidi control cannot reorder
/// an address, and a zero-width character cannot make two names look the same.
public enum UntrustedText {
    /// Whether `scalar` is hidden from a reader: a control (general category Cc, C0, DEL and C1), a
    /// format character (Cf: bidi controls, zero-width characters, the byte order mark, tags), a
    /// line or paragraph separator (Zl, Zp), or any other default-ignorable code point (Hangul
    /// fillers and the like). Variation selectors stay: they only pick the look of the character
    /// before them, as in emoji.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        // Printable ASCII, nearly all text, is decided without a table lookup.
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.properties.isDefaultIgnorableCodePoint && !scalar.properties.isVariationSelector
        }
    }

    /// `text` for a person, on one line: every hidden character, the line feed included, written
    /// as `[U+XXXX]`.
    public static func visible(_ text: String) -> String { render(text, keepingLineFeeds: false, as: shown) }

    /// `text` for a person where a line break belongs to it (a message's body in a box of its own,
    /// a block of lines Bifrost built from fields already made `visible`): as `visible(_:)`, but
    /// line feeds stay.
    public static func visible(lines text: String) -> String { render(text, keepingLineFeeds: true, as: shown) }

    /// JSON text made safe for a terminal without changing what it says: every hidden character
    /// (all of them inside strings, since a JSON writer escapes the line feeds in strings) written
    /// as a JSON `\u` escape, which decodes to the same character; line feeds between members stay.
    public static func terminalSafe(json: String) -> String { render(json, keepingLineFeeds: true, as: jsonEscape) }

    /// `[U+202E]`: four hex digits at least, as the Unicode standard writes a code point.
    private static func shown(_ scalar: Unicode.Scalar) -> String { "[U+" + hex(scalar.value, uppercase: true) + "]" }

    /// `\u202e`, or a UTF-16 surrogate pair of them above U+FFFF, as JSON escapes a character.
    private static func jsonEscape(_ scalar: Unicode.Scalar) -> String {
        String(scalar).utf16.map { "\\u" + hex(UInt32($0), uppercase: false) }.joined()
    }

    private static func hex(_ value: UInt32, uppercase: Bool) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func render(_ text: String, keepingLineFeeds: Bool, as form: (Unicode.Scalar) -> String) -> String {
        func hidden(_ scalar: Unicode.Scalar) -> Bool { isHidden(scalar) && !(keepingLineFeeds && scalar == "\n") }
        // Most text holds nothing hidden and is returned as it is.
        guard text.unicodeScalars.contains(where: hidden) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if hidden(scalar) { out.append(contentsOf: form(scalar).unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
