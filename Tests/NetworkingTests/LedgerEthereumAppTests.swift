import EthereumKit
import Networking
import Testing

@Suite("Ledger Ethereum app: status words and the open app")
struct LedgerEthereumAppTests {
    let path = try! DerivationPath("m/44'/60'/0'/0/0")

    @Test("status words become the errors the front ends word; 0x6A80 is blind signing only where it signs")
    func statusWords() {
        let ins = LedgerEthereumAPDU.Instruction.self
        #expect(LedgerStatus.error(for: 0x9000, instruction: ins.getAddress) == nil)
        #expect(LedgerStatus.error(for: 0x6985, instruction: ins.signTypedData) == .rejected)
        for locked: UInt16 in [0x5515, 0x6982, 0x6B0C] { #expect(LedgerStatus.error(for: locked, instruction: ins.getAddress) == .locked) }
        for wrong: UInt16 in [0x6D00, 0x6E00, 0x6E01, 0x6511] { #expect(LedgerStatus.error(for: wrong, instruction: ins.appInfo) == .wrongApp(nil)) }
        #expect(LedgerStatus.error(for: 0x6A80, instruction: ins.signTypedData) == .blindSigningDisabled)
        #expect(LedgerStatus.error(for: 0x6A80, instruction: ins.signTransaction) == .blindSigningDisabled)
        #expect(LedgerStatus.error(for: 0x6A80, instruction: ins.signPersonalMessage) == .status(0x6A80))
        #expect(LedgerStatus.error(for: 0x6A80, instruction: ins.getAddress) == .status(0x6A80))
        #expect(LedgerStatus.error(for: 0x6A84, instruction: ins.getAddress) == .status(0x6A84))
    }

    @Test("errors read as plain English")
    func descriptions() {
        #expect(LedgerError.rejected.description == "rejected on the device")
        #expect(LedgerError.blindSigningDisabled.description == "turn on blind signing in the Ethereum app's settings")
        #expect(LedgerError.status(0x6A84).description == "the Ledger answered with status 0x6A84")
        #expect(LedgerError.wrongApp("Bitcoin").description == "open the Ethereum app on the Ledger (\"Bitcoin\" is open)")
        #expect(LedgerError.wrongApp("Bit\u{202E}coin").description.contains("[U+202E]"))
    }

    @Test("requireEthereumApp passes Ethereum, names another app, and reads the dashboard as no app")
    func requireEthereumApp() async throws {
        func app(_ name: String) -> LedgerEthereumApp {
            let answer = [1, UInt8(name.utf8.count)] + Array(name.utf8) + [6] + Array("1.13.0".utf8) + [1, 0]
            return LedgerEthereumApp(transport: ScriptedLedger(last: LedgerAnswer(data: answer, status: 0x9000)))
        }
        #expect(try await app("Ethereum").requireEthereumApp() == LedgerAppInfo(name: "Ethereum", version: "1.13.0"))
        await #expect(throws: LedgerError.wrongApp("Bitcoin")) { try await app("Bitcoin").requireEthereumApp() }
        let dashboard = LedgerEthereumApp(transport: ScriptedLedger(last: LedgerAnswer(data: [1, 5] + Array("BOLOS".utf8) + [5] + Array("2.2.3".utf8), status: 0x9000)))
        await #expect(throws: LedgerError.wrongApp(nil)) { try await dashboard.requireEthereumApp() }
        let locked = LedgerEthereumApp(transport: ScriptedLedger(last: LedgerAnswer(data: [], status: 0x5515)))
        await #expect(throws: LedgerError.locked) { try await locked.requireEthereumApp() }
    }

    @Test("a refusal on a middle chunk stops the command there")
    func refusalMidway() async throws {
        let ledger = ScriptedLedger { index, _ throws(LedgerError) in LedgerAnswer(data: [], status: index == 1 ? 0x6985 : 0x9000) }
        await #expect(throws: LedgerError.rejected) {
            try await LedgerEthereumApp(transport: ledger).signPersonalMessage([UInt8](repeating: 0, count: 1000), at: path)
        }
        #expect(ledger.apdus.count == 2)
    }

    @Test("blind signing off, on the EIP-712 hashes, reads as such")
    func blindSigning() async throws {
        let app = LedgerEthereumApp(transport: ScriptedLedger(last: LedgerAnswer(data: [], status: 0x6A80)))
        await #expect(throws: LedgerError.blindSigningDisabled) {
            try await app.signTypedDataHashes(domainHash: [UInt8](repeating: 1, count: 32), messageHash: [UInt8](repeating: 2, count: 32), at: path)
        }
    }

    @Test("the address shown on the device is asked with P1 1, and the answer read back")
    func addressOnDevice() async throws {
        let key = PrivateKey.generate()
        let text = Array(key.address.checksummed.dropFirst(2).utf8)
        let ledger = ScriptedLedger(last: LedgerAnswer(data: [65] + key.publicKey.uncompressed + [40] + text, status: 0x9000))
        #expect(try await LedgerEthereumApp(transport: ledger).address(at: path, display: true) == key.address)
        #expect(ledger.apdus == [try LedgerEthereumAPDU.getAddress(at: path, display: true)])
        #expect(ledger.apdus[0][2] == 0x01)
    }
}
