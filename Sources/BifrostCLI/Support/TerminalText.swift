/// Makes text safe to print: control characters become visible `\uXXXX` escapes.
public enum TerminalText {
    /// `text` with every C0 control (U+0000–U+001F), DEL (U+007F) and C1 control (U+0080–U+009F)
    /// written as `\u001b`-style escapes, line feeds kept when `keepingLineFeeds`. The JSON form of
    /// the escape is chosen so that `--json` output stays valid and decodes to the same text: a
    /// raw DEL or C1 inside a JSON string becomes the JSON escape of that same character.
    public static func escaped(_ text: String, keepingLineFeeds: Bool) -> String {
        // Printable text, nearly all of it, is returned as it is.
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLineFeeds && $0 == "\n") }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) && !(keepingLineFeeds && scalar == "\n") {
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A field from outside (a token's symbol or name) inside a line of ours: no line feed of its
    /// own may start a new line that looks like Bifrost's output.
    static func oneLine(_ text: String) -> String { escaped(text, keepingLineFeeds: false) }

    /// C0, DEL and C1: the characters a terminal may act on instead of showing.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
