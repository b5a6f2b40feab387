import EthereumKit
import SafeKit
import Testing

/// The CSV Airdrop app's sheet and the short form: rows read, forms told apart, errors naming the line.
@Suite("Transfer sheets (CSV)")
struct TransferSheetTests {
    static let a = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", b = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
    static let token = "0x5FbDB2315678afecb367f032d93F642f64180aa3"

    @Test("the Airdrop app's form with its header: native and erc20 rows, an empty id, CRLF line ends, blank lines skipped")
    func longForm() throws {
        let sheet = try TransferSheet(csv: "token_type,token_address,receiver,amount,id\r\nnative,,\(Self.a),0.5,\r\n\r\nerc20,\(Self.token),\(Self.b),12.25,\r\n")
        #expect(sheet.rows == [TransferSheet.Row(line: 2, token: nil, receiver: try Address(Self.a), amount: "0.5"),
                               TransferSheet.Row(line: 4, token: try Address(Self.token), receiver: try Address(Self.b), amount: "12.25")])
    }

    @Test("the short form, with or without its header; an empty token or ETH is ether; quoted cells")
    func shortForm() throws {
        let headed = try TransferSheet(csv: "token,receiver,amount\n,\(Self.a),1\n\"\(Self.token)\",\"\(Self.b)\",\"2.5\"\n")
        let bare = try TransferSheet(csv: "ETH,\(Self.a),1\n\(Self.token),\(Self.b),2.5")
        #expect(headed.rows.map(\.token) == [nil, try Address(Self.token)] && bare.rows.map(\.token) == headed.rows.map(\.token))
        #expect(headed.rows.map(\.amount) == ["1", "2.5"] && headed.rows.map(\.line) == [2, 3] && bare.rows.map(\.line) == [1, 2])
    }

    @Test("errors name the line: a bad address, a bad amount, NFTs, an unknown type, a wrong column count, a strange header, nothing at all, too many rows")
    func errors() {
        let cases: [(String, String)] = [
            ("token,receiver,amount\n,\(Self.a),1\n,0x12,1", "line 3"),
            ("token,receiver,amount\n,\(Self.a),-1", "line 2"),
            ("token,receiver,amount\n,\(Self.a),1e18", "line 2"),
            ("token_type,token_address,receiver,amount,id\nerc721,\(Self.token),\(Self.a),1,7", "line 2: erc721 transfers are not supported"),
            ("token_type,token_address,receiver,amount\nstock,,\(Self.a),1", "line 2: token_type 'stock'"),
            ("token,receiver,amount\n\(Self.a),1", "line 2: 2 columns"),
            ("to,receiver,value\n,\(Self.a),1", "line 1: the header"),
            ("\n\n", "no transfer"),
            (String(repeating: ",\(Self.a),1\n", count: TransferSheet.maxRows + 1), "at most"),
        ]
        for (text, wanted) in cases {
            #expect(throws: InputTextError.self, "\(wanted)") { try TransferSheet(csv: text) }
            do { _ = try TransferSheet(csv: text) } catch { #expect(error.reason.contains(wanted), "\(error.reason)") }
        }
    }
}
