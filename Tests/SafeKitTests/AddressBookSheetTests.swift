import BigInt
import EthereumKit
import SafeKit
import Testing

@Suite("Address book files in Safe{Wallet}'s CSV, and the CSV writer")
struct AddressBookSheetTests {
    static let alice = try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    static let bob = try! Address("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")

    @Test("Safe{Wallet}'s export reads row by row: header, a quoted name with a comma, a lower-case address, a row without a chain")
    func reads() throws {
        let sheet = try AddressBookSheet(csv: """
            address,name,chainId
            0x70997970C51812dc3A010C7d01b50e0d17dc79C8,"Payroll, EU",1
            0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc,Bob's cold wallet,11155111
            0x90F79bf6EB2c4f870365E785982E1f101E93b906,No chain,
            """)
        #expect(sheet.rows.map(\.name) == ["Payroll, EU", "Bob's cold wallet", "No chain"])
        #expect(sheet.rows.map(\.chainID) == [1, 11_155_111, nil])
        #expect(sheet.rows[1].address == Self.bob)
    }

    @Test("columns in another order and no header both read")
    func shapes() throws {
        let reordered = try AddressBookSheet(csv: "chainId,name,address\n5,Alice,\(Self.alice.checksummed)\n")
        #expect(reordered.rows == [.init(address: Self.alice, name: "Alice", chainID: 5)])
        let bare = try AddressBookSheet(csv: "\(Self.alice.checksummed),Alice,5\n")
        #expect(bare.rows == reordered.rows)
    }

    @Test("written and read back, the same rows; the text is what Safe{Wallet} writes", arguments: [
        [AddressBookSheet.Row(address: alice, name: "Payroll, \"EU\"", chainID: 1), .init(address: bob, name: "Bob", chainID: 11_155_111)],
    ])
    func roundTrip(_ rows: [AddressBookSheet.Row]) throws {
        let text = AddressBookSheet(rows: rows).csv
        #expect(text.hasPrefix("address,name,chainId\r\n0x70997970C51812dc3A010C7d01b50e0d17dc79C8,\"Payroll, \"\"EU\"\"\",1\r\n"))
        #expect(try AddressBookSheet(csv: text).rows == rows)
    }

    @Test("bad rows are refused with their line", arguments: [
        ("address,name,chainId\n0x1234,Short,1\n", "line 2:"),
        ("address,name,chainId\n0x70997970C51812dc3A010C7d01b50e0d17dc79C8,,1\n", "line 2: a name is required"),
        ("address,name,chainId\n\n0x70997970C51812dc3A010C7d01b50e0d17dc79C8,ok,1\n0x70997970C51812dc3A010C7d01b50e0d17dc79C8,ok,one\n", "line 4:"),
        ("address,name,chainId\n0x70997970C51812dc3A010C7d01b50e0d17dc79C8,\(String(repeating: "x", count: 51)),1\n", "at most 50"),
        ("address,name,chainId\n", "no entry"),
        ("name,chain\nx,1\n", "line 1:"),
    ])
    func refused(_ text: String, _ expected: String) {
        do {
            _ = try AddressBookSheet(csv: text)
            Issue.record("must be refused: \(text)")
        } catch {
            #expect(error.reason.contains(expected), "\(error.reason)")
        }
    }

    @Test("the CSV writer quotes what needs it and defuses spreadsheet formulas, keeping negative numbers")
    func writer() {
        #expect(CSVText.line(["a", "b,c", "say \"hi\""]) == "a,\"b,c\",\"say \"\"hi\"\"\"\r\n")
        #expect(CSVText.line(["=HYPERLINK(\"http://x\")", "+1+1", "@SUM(A1)", "-2.5", "-"]) == "\"'=HYPERLINK(\"\"http://x\"\")\",'+1+1,'@SUM(A1),-2.5,'-\r\n")
        #expect(CSVText.cells("'=1,\"a,b\"") == ["'=1", "a,b"])
    }
}
