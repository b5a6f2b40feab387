import EthereumKit
import Testing

/// Issue 38, finding 16: `--abi` reads Etherscan's `getabi` answer as Etherscan sends it (the ABI
/// as a JSON string under `result`), and a refusal from Etherscan (status "0") says what Etherscan said.
@Suite("Contract ABIs: Etherscan's getabi answer")
struct EtherscanABITests {
    static let abi = #"[{"type":"function","name":"deposit","stateMutability":"payable","inputs":[{"name":"receiver","type":"address"},{"name":"shares","type":"uint96"}],"outputs":[]},{"type":"function","name":"totalAssets","stateMutability":"view","inputs":[],"outputs":[{"name":"","type":"uint256"}]},{"type":"event","name":"Deposit","inputs":[]}]"#

    /// Etherscan's answer: the ABI is a string of JSON under `result`.
    static func answer(status: String, message: String, result: String) -> String {
        JSONWriter.write(.object([("status", .string(status)), ("message", .string(message)), ("result", .string(result))]))
    }

    @Test("getabi's answer reads as the ABI it carries")
    func accepted() throws {
        let read = try ContractABI(json: Self.answer(status: "1", message: "OK", result: Self.abi))
        #expect(read == (try ContractABI(json: Self.abi)))
        #expect(read.writeFunctions.map(\.canonical) == ["deposit(address,uint96)"])
    }

    @Test("status 0 is refused with Etherscan's own words, not as JSON that is not an ABI")
    func refused() {
        let text = Self.answer(status: "0", message: "NOTOK", result: "Contract source code not verified")
        do {
            _ = try ContractABI(json: text)
            Issue.record("a refusal from Etherscan was read as an ABI")
        } catch {
            #expect(error.description.contains("Contract source code not verified") && error.description.contains("Etherscan"), "\(error)")
        }
        #expect(throws: ContractABIError.etherscanRefused(message: "NOTOK", result: "Contract source code not verified")) { try ContractABI(json: text) }
    }

    @Test("an answer whose result is not an ABI is refused as such")
    func resultNotABI() {
        #expect(throws: ContractABIError.self) { try ContractABI(json: Self.answer(status: "1", message: "OK", result: "{\"x\":1}")) }
        #expect(throws: ContractABIError.self) { try ContractABI(json: Self.answer(status: "1", message: "OK", result: "[{")) }
    }
}
