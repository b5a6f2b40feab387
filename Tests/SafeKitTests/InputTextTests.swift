import BigInt
import Foundation
import EthereumKit
import SafeKit
import Testing

/// The one input dialect the CLI, the dashboard and `bifrost serve` read typed text with.
@Suite("Input text: one dialect for every front end")
struct InputTextTests {
    static let ether = BigUInt(10).power(18)
    static let a = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", b = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

    @Test("uint256: decimal, exponent or 0x hex up to 2^256 - 1; signs, fractions, words and 2^256 refused")
    func uint256() throws {
        for text in ["1000", " 0x3e8 ", "1e3", "1.000e3"] { #expect(try InputText.uint256(text) == 1000, "\(text)") }
        #expect(try InputText.uint256(String((BigUInt(1) << 256) - 1)) == (BigUInt(1) << 256) - 1)
        for text in ["", "-1", "1.5", "abc", "0x", String(BigUInt(1) << 256)] {
            #expect(throws: InputTextError.self, "\(text)") { try InputText.uint256(text) }
        }
    }

    @Test("a bare amount is wei; a unit says otherwise; a field that means ether reads 0.5 and 0.5 ether alike")
    func amounts() throws {
        #expect(try InputText.amount("5") == 5)
        #expect(try InputText.amount("0.5ether") == Self.ether / 2)
        #expect(try InputText.amount("0.5 ether") == Self.ether / 2)
        #expect(try InputText.amount("20gwei") == 20_000_000_000)
        #expect(try InputText.amount("20 gwei", bareUnit: .ether) == 20_000_000_000)
        #expect(try InputText.amount("0.5", bareUnit: .ether) == Self.ether / 2)
        #expect(try InputText.amount("0.5 ether", bareUnit: .ether) == Self.ether / 2)
        for text in ["", "0.5", "5 bananas", "-1", "1e90 ether"] {
            #expect(throws: InputTextError.self, "\(text)") { try InputText.amount(text) }
        }
    }

    @Test("addresses and hex: checksummed or one case; a wrong checksum or length refused, saying what was typed")
    func addressesAndHex() throws {
        #expect(try InputText.address(" \(Self.a.lowercased()) ").checksummed == Self.a)
        let wrong = try #require(throws: InputTextError.self) { try InputText.address("0x1234") }
        #expect(wrong.reason.contains("40 hex digits"))
        #expect(throws: InputTextError.self) { try InputText.address(Self.a.replacingOccurrences(of: "f39F", with: "F39f")) }
        #expect(try InputText.hex("0xdeadBEEF") == [0xde, 0xad, 0xbe, 0xef])
        #expect(try InputText.hex("beef") == [0xbe, 0xef])
        #expect(throws: InputTextError.self) { try InputText.hex("0x123") }
    }

    @Test("one batch format, two shapes: a JSON array of calls (raw amounts) or ADDRESS AMOUNT lines; errors name the item or line")
    func batches() throws {
        let json = #"[{"to": "\#(Self.a)", "value": "1000"}, {"to": "\#(Self.b)", "value": "0.5ether", "data": "0x12", "operation": "delegatecall"}]"#
        for bare in [EtherUnit.wei, .ether] {
            let calls = try InputText.batch(json, bareUnit: bare)
            #expect(calls.map(\.value) == [1000, Self.ether / 2], "a JSON value is a raw amount whatever the box says")
            #expect(calls[1].operation == .delegateCall && calls[1].data == [0x12])
        }
        let lines = try InputText.batch("\(Self.a) 0.1\r\n\r\n\(Self.b), 20gwei\r\n", bareUnit: .ether)
        #expect(lines.map(\.value) == [Self.ether / 10, 20_000_000_000] && lines.map(\.to.checksummed) == [Self.a, Self.b])
        #expect(try InputText.batch("\(Self.a) 7").map(\.value) == [7], "a bare amount on a line is wei where nothing says ETH")
        let cases: [(String, String)] = [
            ("\(Self.a) 0.1\r\n\(Self.b)", "line 2"), (#"[{"to": "\#(Self.a)"}, {"value": "1"}]"#, "item 1"),
            (#"[{"to": "\#(Self.a)", "operation": "create"}]"#, "item 0"), ("", "no call"), ("[]", "no call"), ("[", "not JSON"),
        ]
        for (text, named) in cases {
            let error = try #require(throws: InputTextError.self) { try InputText.batch(text, bareUnit: .ether) }
            #expect(error.reason.contains(named), "\(text): \(error.reason)")
        }
    }
}
