import EthereumKit
import Foundation
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    static func parse(_ text: String) throws(JSONParseError) -> JSONValue { try JSONParser.parse(text) }

    @Test("numbers keep their exact text, objects keep member order, and escapes decode")
    func exactValues() throws {
        let big = "115792089237316195423570985008687907853269984665640564039457584007913129639935"
        #expect(try Self.parse(big) == .number(big))
        #expect(try Self.parse("-0.5e-10") == .number("-0.5e-10"))
        #expect(try Self.parse(#"{"b":1,"a":2}"#).objectValue?.map(\.key) == ["b", "a"])
        #expect(try Self.parse(#""\ud83d\ude80 \u00e9 \n\t\"\\\/""#) == .string("🚀 é \n\t\"\\/"))
        #expect(try Self.parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try Self.parse(" \n[true, false, null, {}, []]\t") == .array([.bool(true), .bool(false), .null, .object([]), .array([])]))
    }

    @Test("given deep nesting, when parsed, then up to the limit is accepted and beyond it tooDeep is thrown without a crash")
    func depthLimit() throws {
        let ok = String(repeating: "[", count: JSONParser.maxDepth - 1) + String(repeating: "]", count: JSONParser.maxDepth - 1)
        _ = try Self.parse(ok)
        let tooDeep = String(repeating: "[", count: JSONParser.maxDepth + 1) + String(repeating: "]", count: JSONParser.maxDepth + 1)
        #expect(throws: JSONParseError.tooDeep) { try Self.parse(tooDeep) }
        #expect(throws: JSONParseError.tooDeep) { try Self.parse(String(repeating: "[", count: 100_000)) }
        #expect(throws: JSONParseError.tooDeep) { try Self.parse(String(repeating: #"{"a":"#, count: 100_000)) }
    }

    @Test("given bad escapes, when parsed, then invalidEscape or unexpectedEnd is thrown", arguments: [
        #""\x""#, #""\u12g4""#, #""\udc00""#, #""\ud800""#, #""\ud800\u0041""#, #""\ud800x""#, #""\'""#,
    ])
    func badEscapes(text: String) {
        #expect(throws: JSONParseError.self) { try Self.parse(text) }
        #expect {
            try Self.parse(text)
        } throws: { error in
            if case .invalidEscape = error as? JSONParseError { return true }
            return false
        }
    }

    @Test("given trailing text or malformed structure, when parsed, then the specific error is thrown")
    func malformed() {
        #expect(throws: JSONParseError.trailingCharacters(offset: 3)) { try Self.parse("{} x") }
        #expect(throws: JSONParseError.trailingCharacters(offset: 2)) { try Self.parse("1 2") }
        #expect(throws: JSONParseError.trailingCharacters(offset: 1)) { try Self.parse("01") }
        #expect(throws: JSONParseError.unexpectedEnd) { try Self.parse("") }
        #expect(throws: JSONParseError.unexpectedEnd) { try Self.parse("   ") }
        #expect(throws: JSONParseError.unexpectedEnd) { try Self.parse("[1,") }
        #expect(throws: JSONParseError.unexpectedEnd) { try Self.parse(#""abc"#) }
        #expect(throws: JSONParseError.unexpectedEnd) { try Self.parse("nul") }
        #expect(throws: JSONParseError.unexpectedEnd) { try Self.parse("-") }
        #expect(throws: JSONParseError.unexpectedCharacter(offset: 3)) { try Self.parse("[1,]") }
        #expect(throws: JSONParseError.unexpectedCharacter(offset: 7)) { try Self.parse(#"{"a":1,}"#) }
        #expect(throws: JSONParseError.unexpectedCharacter(offset: 1)) { try Self.parse("{a:1}") }
        #expect(throws: JSONParseError.unexpectedCharacter(offset: 0)) { try Self.parse(".5") }
        #expect(throws: JSONParseError.unexpectedEnd) { try Self.parse("tru") }
        #expect(throws: JSONParseError.unexpectedCharacter(offset: 0)) { try Self.parse("trux") }
        #expect(throws: JSONParseError.unexpectedCharacter(offset: 1)) { try Self.parse("\"\u{01}\"") }
        #expect(throws: JSONParseError.invalidNumber(offset: 0)) { try Self.parse("1.") }
        #expect(throws: JSONParseError.invalidNumber(offset: 0)) { try Self.parse("1e") }
        #expect(throws: JSONParseError.invalidNumber(offset: 0)) { try Self.parse("-a") }
        #expect(throws: JSONParseError.invalidUTF8) { try JSONParser.parse([0x22, 0xff, 0x22]) }
    }

    @Test("given any parsed document, when written compactly or pretty and parsed again, then it is unchanged")
    func writerRoundTrip() throws {
        let text = #"{"a":[1,-2.5e3,"x\u0001\n",true,null],"b":{"c":"🚀","d":[]},"e":{}}"#
        let value = try Self.parse(text)
        #expect(try Self.parse(JSONWriter.write(value)) == value)
        #expect(try Self.parse(JSONWriter.write(value, pretty: true)) == value)
        #expect(JSONWriter.write(value) == #"{"a":[1,-2.5e3,"x\u0001\n",true,null],"b":{"c":"🚀","d":[]},"e":{}}"#)
    }
}
