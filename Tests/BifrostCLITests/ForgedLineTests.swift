@testable import BifrostCLI
import BigInt
import Foundation
import Services
import Testing

/// Names from files and the chain stay inside the line Bifrost puts them in: a line feed or a bidi
/// control in them shows as its code point, in the review, the lists and every line of ours.
@Suite("Outside names cannot forge lines", .serialized)
struct ForgedLineTests {
    static let contract = try! Address("0x3aa5ebb10dc797cac828524e59a333d0a371443c")
    static let payee = try! Address("0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc")

    @Test("an ABI parameter name with line feeds stays one argument line of the review: no forged simulation or signature line")
    func reviewArgumentName() throws {
        let forged = "payee\nsimulation: success; 0 risks\nsigned: 2 of 2"
        let function = ContractFunction(name: "release", inputs: [.init(name: forged, type: .address), .init(name: "amount", type: .uint(bits: 256))])
        let data = try function.signature.encodeCall([.address(Self.payee), .uint(9)])
        let call = CallDecoder(interfaces: [Self.contract: [function]]).decode(to: Self.contract, value: 0, data: data, operation: .call)
        let lines = SafeReviewCommand.lines(call).joined(separator: "\n").split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "the head and one line per argument: \(lines)")
        #expect(!lines.contains { $0.hasPrefix("simulation:") || $0.hasPrefix("signed:") })
        #expect(lines.contains { $0.contains("payee[U+000A]simulation: success; 0 risks[U+000A]signed: 2 of 2") && $0.hasSuffix(Self.payee.checksummed) })
    }

    @Test("address-book list shows a right-to-left override and a zero-width space in a name as code points")
    func addressBookList() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-cli-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let reversed = "Escrow \u{202E}cod.exe", joined = "Pay\u{200B}roll"
        for (address, name) in [(Self.payee, reversed), (Self.contract, joined)] {
            let added = await runCLIArray(["address-book", "add", address.checksummed, name, "--chain-id", "10", "--home", home])
            #expect(added.code == 0, "\(added.err)")
        }
        let listed = await runCLIArray(["address-book", "list", "--chain-id", "10", "--home", home])
        #expect(listed.code == 0, "\(listed.err)")
        #expect(listed.out.contains("\(Self.payee.checksummed)  Escrow [U+202E]cod.exe"), "\(listed.out)")
        #expect(listed.out.contains("\(Self.contract.checksummed)  Pay[U+200B]roll"), "\(listed.out)")
        #expect(!listed.stdout.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" })
        // JSON stays exact: the same name, escaped the JSON way.
        let json = await runCLIArray(["--json", "address-book", "list", "--chain-id", "10", "--home", home])
        let names = try JSONParser.parse(json.stdout)["entries"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(Set(names) == [reversed, joined], "\(json.stdout)")
        #expect(!json.stdout.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" })
    }

    @Test("an address's name with a line feed stays inside the line that names the address")
    func annotatedName() {
        let names = AddressNames([Self.payee: "Ops\nsimulation: success"])
        #expect(names.annotate("send 1 ETH to \(Self.payee.checksummed)") == "send 1 ETH to \(Self.payee.checksummed) (Ops[U+000A]simulation: success)")
    }
}
