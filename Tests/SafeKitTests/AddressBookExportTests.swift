import BigInt
import EthereumKit
import SafeKit
import Testing

/// Issue 38 review: the address book file is read back by programs (Bifrost, Safe{Wallet}), so it
/// keeps a name as it is; a joiner belongs to a name in Persian or to an emoji. Names are one line
/// as every reader splits lines.
@Suite("The address book file keeps names exact")
struct AddressBookExportTests {
    static let address = try! Address("0x00000000000000000000000000000000000ab0c1")

    @Test("a name with a zero-width non-joiner and an emoji sequence is written as it is and reads back equal")
    func exactRoundTrip() throws {
        let name = "می\u{200C}خواهم 👩\u{200D}💻"
        let sheet = try AddressBookSheet(csv: "address,name,chainId\n\(Self.address.checksummed),\(name),1\n")
        #expect(sheet.csv.contains(name) && !sheet.csv.contains("[U+"))
        #expect(try AddressBookSheet(csv: sheet.csv).rows == sheet.rows)
    }

    @Test("a name with a line or paragraph separator is refused, as a control character is", arguments: ["a\u{2028}b", "a\u{2029}b", "a\u{0007}b"])
    func oneLine(name: String) {
        #expect(throws: InputTextError.self) { try AddressBookSheet.name(name) }
    }
}
