@testable import BifrostCLI
import Foundation
import Services
import Synchronization
import Testing

/// Text from servers and files reaches the terminal only with its control characters made visible.
@Suite("Console escapes control characters")
struct ConsoleEscapingTests {
    /// What `body` wrote through a capturing console, line by line.
    func captured(_ body: () -> Void) -> (out: [String], err: [String]) {
        let out = Mutex<[String]>([]), err = Mutex<[String]>([])
        Console.$current.withValue(Console(out: { l in out.withLock { $0.append(l) } }, err: { l in err.withLock { $0.append(l) } })) {
            body()
        }
        return (out.withLock { $0 }, err.withLock { $0 })
    }

    @Test("ESC, BEL, other C0 controls, DEL and C1 controls print as [U+XXXX] on both streams")
    func controlsEscaped() {
        // Given text holding a colour escape, a bell, a backspace, a tab, DEL and the C1 CSI and NEL
        let hostile = "a\u{1b}[31mb\u{07}c\u{08}d\te\u{7f}f\u{9b}g\u{85}h\u{0}"
        // When it is printed
        let lines = captured {
            Console.current.out(hostile)
            Console.current.err(hostile)
        }
        // Then each control is a visible escape and the visible text is unchanged
        let expected = "a[U+001B][31mb[U+0007]c[U+0008]d[U+0009]e[U+007F]f[U+009B]g[U+0085]h[U+0000]"
        #expect(lines.out == [expected])
        #expect(lines.err == [expected])
    }

    @Test("standard output keeps line feeds between the lines of a block; standard error, one line by contract, escapes them")
    func lineBreaks() {
        // Given a two-line block with a carriage return and a CRLF in it
        let lines = captured {
            Console.current.out("first\rline\r\nsecond")
            Console.current.err("error: first\nsecond")
        }
        // Then stdout breaks only at the line feed, and stderr stays one line
        #expect(lines.out == ["first[U+000D]line[U+000D]\nsecond"])
        #expect(lines.err == ["error: first[U+000A]second"])
    }

    @Test("printable text passes unchanged: the edges of the control ranges, Ξ, box drawing, blocks, accents, emoji")
    func printableUnchanged() {
        // Given text right next to the control ranges and the Unicode the tables and chart use
        let text = " ~\u{a0}¡ Ξ ┤└─ ▁▂▃▄▅▆▇█ e\u{301} é 🦊 ≈ …"
        // When printed, then it comes out as it went in
        let lines = captured { Console.current.out(text); Console.current.err(text) }
        #expect(lines.out == [text] && lines.err == [text])
    }

    @Test("--json output stays valid JSON that decodes to the original text, with no raw control in it")
    func jsonStaysValid() throws {
        // Given a value with C0, DEL and C1 controls, printed as JSON
        let value = "\u{1b}[2J\u{07}\u{7f}\u{85}\u{9f} Ξ\n\u{202E}\u{2029}\u{FEFF}"
        let lines = captured { Output(json: true).emit([("message", .string(value))]) }
        // Then the line parses, gives back exactly the value, and holds no raw control character
        #expect(lines.out.count == 1)
        let line = try #require(lines.out.first)
        #expect(try JSONParser.parse(line)["message"]?.stringValue == value)
        #expect(!line.unicodeScalars.contains { UntrustedText.isHidden($0) })
    }

    @Test("human key: value output escapes a hostile value")
    func humanFields() {
        // Given a field whose value came from a server
        let lines = captured { Output(json: false).emit([("name", .string("x\u{1b}]0;owned\u{07}"))]) }
        // Then the line shows the escapes
        #expect(lines.out == ["name: x[U+001B]]0;owned[U+0007]"])
    }
}

@Suite("Outside fields in human output")
struct OutsideFieldTests {
    @Test("a token symbol from the chain with a line feed and an escape sequence stays inside its row")
    func hostileSymbol() {
        // Given a token whose symbol() answered a line feed, a fake row and a colour code
        let token = TokenBalance(token: RenderingSnapshotTests.token.token, symbol: "EVIL\nETH  1000000.0\u{1b}[32m", decimals: 18, raw: 1)
        let b = Balances(address: RenderingSnapshotTests.safe.owners[0], chainID: 31337, ether: EtherAmount(wei: 0), tokens: [token])
        // When rendered for a person
        let text = BalanceCommand.render(b)
        // Then the symbol is one escaped field: no forged line, no raw escape
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("ETH  1000000.0") })
        #expect(text.contains("EVIL[U+000A]ETH  1000000.0[U+001B][32m"))
        #expect(!text.unicodeScalars.contains("\u{1b}"))
    }
}
