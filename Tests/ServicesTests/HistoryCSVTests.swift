@testable import Services
import BigInt
import Foundation
import Testing

/// The history sheet accounting tools read: outside text in it shows as a person should see it.
@Suite("History CSV")
struct HistoryCSVTests {
    static let token = try! Address("0x0b306bf915c4d645ff596e518faf3f9669b97016")
    static let counterparty = try! Address("0x976ea74026e726554db657fa54763abd0c3a0aa9")

    @Test("a NUL, a line feed and a bidi control in a token's symbol or a counterparty's name are written as code points, never raw")
    func hiddenCharacters() {
        let row = SafeLedgerRow(date: Date(timeIntervalSince1970: 1_764_100_000), block: 812, transactionHash: [UInt8](repeating: 0xab, count: 32),
                                nonce: 5, direction: "out", asset: "US\u{0}DC", assetAddress: Self.token, amount: "12.5",
                                counterparty: Self.counterparty, fee: nil)
        let csv = SafeLedgerRow.csv([row], names: AddressNames([Self.counterparty: "Vendor\n=cmd|' /C calc'!A0\u{202E}"]))
        #expect(!csv.unicodeScalars.contains { $0 == "\u{0}" || $0 == "\u{202E}" })
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines.count == 3 && lines[2].isEmpty, "a header, one row, and the final CRLF: \(lines)")
        #expect(lines[1].contains(",US[U+0000]DC,\(Self.token.checksummed),12.5,Vendor[U+000A]=cmd|' /C calc'!A0[U+202E],\(Self.counterparty.checksummed),"),
                "\(lines[1])")
    }
}
