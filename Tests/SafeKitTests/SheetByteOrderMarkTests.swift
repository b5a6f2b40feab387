import BigInt
import EthereumKit
import SafeKit
import Testing

/// Issue 38, finding 16: Excel's "CSV UTF-8" starts the file with a byte order mark (U+FEFF). The
/// sheets read it as the spreadsheet meant: the mark is not part of the first cell.
@Suite("CSV sheets with a byte order mark")
struct SheetByteOrderMarkTests {
    static let bom = "\u{FEFF}"
    static let dave = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", erin = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"
    static let token = "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853"

    @Test("a transfer sheet with a mark reads as the same sheet without it: the Airdrop form, the short form, and headerless rows")
    func transferSheet() throws {
        let sheets = [
            "token_type,token_address,receiver,amount,id\r\nerc20,\(Self.token),\(Self.dave),3.75,\r\nnative,,\(Self.erin),0.02,\r\n",
            "token,receiver,amount\n,\(Self.erin),0.02\n\(Self.token),\(Self.dave),3.75\n",
            "\(Self.token),\(Self.dave),4\n",
        ]
        for text in sheets {
            let plain = try TransferSheet(csv: text)
            let marked = try TransferSheet(csv: Self.bom + text)
            #expect(marked == plain, "\(text)")
        }
    }

    @Test("an address book with a mark keeps its header, so its columns in any order still read by name")
    func addressBook() throws {
        let text = "chainId,name,address\r\n10,Treasury,\(Self.dave)\r\n,Grants,\(Self.erin)\r\n"
        let book = try AddressBookSheet(csv: Self.bom + text)
        #expect(book.rows == [AddressBookSheet.Row(address: try Address(Self.dave), name: "Treasury", chainID: 10),
                              AddressBookSheet.Row(address: try Address(Self.erin), name: "Grants", chainID: nil)])
    }

    @Test("only a leading mark is dropped: one inside a cell is still that cell's text and refused where text is not allowed")
    func onlyLeading() {
        #expect(throws: InputTextError.self) { try TransferSheet(csv: "token,receiver,amount\n,\(Self.bom)\(Self.erin),1\n") }
    }
}
