import EthereumKit
import Foundation
import Testing

/// The one rendering of outside text for people: each kind of hidden character shows as its code point.
@Suite("Untrusted text shows every hidden character")
struct UntrustedTextTests {
    @Test("C0 controls, DEL and C1 controls show as [U+XXXX], the line feed and the tab included",
          arguments: [("Vault\u{0}9", "Vault[U+0000]9"), ("a\tb", "a[U+0009]b"), ("Fees\nsigned: 3 of 3", "Fees[U+000A]signed: 3 of 3"),
                      ("x\r\ny", "x[U+000D][U+000A]y"), ("\u{1b}[2Kok", "[U+001B][2Kok"), ("del\u{7f}", "del[U+007F]"),
                      ("csi\u{9b}31m", "csi[U+009B]31m"), ("nel\u{85}", "nel[U+0085]")])
    func controls(_ text: String, _ shown: String) {
        #expect(UntrustedText.visible(text) == shown)
    }

    @Test("the line and paragraph separators show", arguments: [("one\u{2028}two", "one[U+2028]two"), ("p\u{2029}q", "p[U+2029]q")])
    func separators(_ text: String, _ shown: String) {
        #expect(UntrustedText.visible(text) == shown)
    }

    @Test("every bidi control shows, so no address or amount can be reordered",
          arguments: [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] as [UInt32])
    func bidi(_ code: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(code))
        let text = "Treasury " + String(scalar) + "0x7a1e"
        let hex = String(code, radix: 16, uppercase: true)
        #expect(UntrustedText.visible(text) == "Treasury [U+\(String(repeating: "0", count: 4 - hex.count) + hex)]0x7a1e")
    }

    @Test("zero-width, invisible and other default-ignorable characters show",
          arguments: [0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x180E, 0x00AD, 0x034F, 0x3164, 0x115F, 0xFFA0]
          as [UInt32])
    func invisible(_ code: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(code))
        let hex = String(code, radix: 16, uppercase: true)
        #expect(UntrustedText.visible("Pay" + String(scalar) + "roll") == "Pay[U+\(String(repeating: "0", count: 4 - hex.count) + hex)]roll")
    }

    @Test("a hidden character above U+FFFF shows with all its digits")
    func astral() {
        // A language tag character, invisible, used to smuggle text past a reader
        #expect(UntrustedText.visible("ok\u{E0041}\u{E0042}") == "ok[U+E0041][U+E0042]")
    }

    @Test("what a reader sees as itself passes unchanged: ASCII, accents, Ξ, box drawing, spaces, emoji with their joiners' selectors")
    func printableUnchanged() {
        let text = " ~\u{a0}¡ Ξ ┤└─ ▁▂█ e\u{301} é 🦊 ❤\u{FE0F} ≈ … 漢字 עברית"
        #expect(UntrustedText.visible(text) == text)
        #expect(UntrustedText.visible(lines: text) == text)
    }

    @Test("visible(lines:) keeps line feeds and shows everything else")
    func keepingLines() {
        #expect(UntrustedText.visible(lines: "first\u{202E}\nsecond\r\u{2028}") == "first[U+202E]\nsecond[U+000D][U+2028]")
    }

    @Test("showing twice shows the same: the rendering is plain ASCII")
    func idempotent() {
        let once = UntrustedText.visible("a\u{202E}b\nc\u{200B}")
        #expect(UntrustedText.visible(once) == once)
    }

    @Test("terminalSafe(json:) escapes hidden characters the JSON way: the document parses to the same value, with nothing hidden raw")
    func json() throws {
        let value = "Mallory\u{202E}\u{200B}\u{7f}\u{85}\u{2028}\u{E0041} Ξ"
        let document = JSONWriter.write(.object([("name", .string(value)), ("n", .number("1"))]), pretty: true)
        let safe = UntrustedText.terminalSafe(json: document)
        #expect(try JSONParser.parse(safe)["name"]?.stringValue == value)
        #expect(!safe.unicodeScalars.contains { UntrustedText.isHidden($0) && $0 != "\n" })
        #expect(safe.contains(#"\u202e\u200b\u007f\u0085\u2028\udb40\udc41"#))
    }
}
