import BigInt
import EthereumKit
import Foundation
import SafeKit
import Testing

/// Safe{Wallet}'s Transaction Builder files: read (raw data and contractMethod), checksummed,
/// written, and told apart from Bifrost's own batch forms.
@Suite("Transaction Builder files")
struct TransactionBuilderFileTests {
    static let safe = try! Address("0x604588Cb33f38845Bb89Fb148d31b3aF0588cD0a")
    static let token = try! Address("0x5FbDB2315678afecb367f032d93F642f64180aa3")
    static let bob = try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")

    static func file(_ transactions: String, chainId: String = "31337") -> String {
        #"{"version":"1.0","chainId":"\#(chainId)","createdAt":1764000000000,"meta":{"name":"Batch","description":"","txBuilderVersion":"1.18.0","createdFromSafeAddress":"\#(safe.checksummed)","createdFromOwnerAddress":""},"transactions":[\#(transactions)]}"#
    }

    @Test("written and read back: the same calls, a checksum that holds; a renamed batch still holds, an edited one is refused")
    func roundTrip() throws {
        let calls = [MultiSendCall(to: Self.bob, value: 5), MultiSendCall(to: Self.token, data: try ERC20.transfer(to: Self.bob, amount: 7))]
        let written = try TransactionBuilderFile(calls: calls, safe: Self.safe, chainID: 31337, name: "pay bob", createdAt: Date(timeIntervalSince1970: 1_764_000_000))
        let read = try TransactionBuilderFile(json: try JSONParser.parse(written.text))
        #expect(read.calls == calls && read.chainID == 31337 && read.name == "pay bob")
        #expect(written.json["meta"]?["checksum"]?.stringValue?.count == 66)
        let renamed = written.text.replacingOccurrences(of: "\"pay bob\"", with: "\"renamed\"")
        #expect(try TransactionBuilderFile(json: try JSONParser.parse(renamed)).name == "renamed")
        let edited = written.text.replacingOccurrences(of: "\"5\"", with: "\"6\"")
        #expect(edited != written.text)
        #expect(throws: TransactionBuilderError.self) { try TransactionBuilderFile(json: try JSONParser.parse(edited)) }
    }

    @Test("contractMethod with contractInputsValues encodes as the ABI says: scalars, an array and a tuple given as JSON text, a bool")
    func contractMethod() throws {
        let transfer = Self.file(#"{"to":"\#(Self.token.checksummed)","value":"0","data":null,"contractMethod":{"inputs":[{"internalType":"address","name":"to","type":"address"},{"internalType":"uint256","name":"amount","type":"uint256"}],"name":"transfer","payable":false},"contractInputsValues":{"to":"\#(Self.bob.checksummed)","amount":"1000"}}"#)
        #expect(try TransactionBuilderFile(json: try JSONParser.parse(transfer)).calls == [MultiSendCall(to: Self.token, data: try ERC20.transfer(to: Self.bob, amount: 1000))])
        let rich = Self.file(#"{"to":"\#(Self.token.checksummed)","value":"3","data":null,"contractMethod":{"inputs":[{"name":"ids","type":"uint256[]"},{"name":"order","type":"tuple","components":[{"name":"maker","type":"address"},{"name":"amount","type":"uint128"}]},{"name":"flag","type":"bool"},{"name":"note","type":"bytes"}],"name":"settle","payable":true},"contractInputsValues":{"ids":"[1, 2, 3]","order":"[\"\#(Self.bob.checksummed)\", \"42\"]","flag":"true","note":"0xbeef"}}"#)
        let expected = try FunctionSignature("settle(uint256[],(address,uint128),bool,bytes)").encodeCall(
            [.array([.uint(1), .uint(2), .uint(3)]), .tuple([.address(Self.bob), .uint(42)]), .bool(true), .bytes([0xbe, 0xef])])
        #expect(try TransactionBuilderFile(json: try JSONParser.parse(rich)).calls == [MultiSendCall(to: Self.token, value: 3, data: expected)])
    }

    @Test("refused with the transaction named: a missing value, a bad address, no transactions; a JSON array is Bifrost's own batch")
    func refusals() throws {
        let missing = Self.file(#"{"to":"\#(Self.token.checksummed)","value":"0","data":null,"contractMethod":{"inputs":[{"name":"to","type":"address"}],"name":"burn","payable":false},"contractInputsValues":{}}"#)
        let badAddress = Self.file(#"{"to":"\#(Self.bob.checksummed)","value":"1","data":null},{"to":"0x12","value":"0","data":"0x"}"#)
        for (text, wanted) in [(missing, "transaction 1: contractInputsValues has no value for to"), (badAddress, "transaction 2"), (Self.file(""), "no transaction")] {
            do { _ = try TransactionBuilderFile(json: try JSONParser.parse(text)); Issue.record("accepted: \(wanted)") } catch let error as TransactionBuilderError {
                #expect(error.description.contains(wanted), "\(error)")
            }
        }
        guard case .calls(let calls) = try BatchInput(#"[{"to": "\#(Self.bob.checksummed)", "value": "1"}]"#) else { Issue.record("an array is Bifrost's batch"); return }
        #expect(calls == [MultiSendCall(to: Self.bob, value: 1)])
        guard case .builderFile = try BatchInput(Self.file(#"{"to":"\#(Self.bob.checksummed)","value":"1","data":null}"#)) else { Issue.record("an object is a builder file"); return }
    }
}
