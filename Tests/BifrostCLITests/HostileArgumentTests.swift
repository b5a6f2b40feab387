import Foundation
import Testing

/// Issue 15's command-line reproductions: each of these trapped (exit 132) or was accepted with
/// exit 0. Now each is one line on stderr and a non-zero exit.
@Suite("Hostile arguments")
struct HostileArgumentTests {
    static let twoTo256 = "115792089237316195423570985008687907853269984665640564039457584007913129639936"

    static func expectOneLineError(_ r: CLIResult, code: Int32 = 1, mentioning text: String, _ comment: String = "") {
        #expect(r.code == code, "\(comment) exit \(r.code), stderr \(r.err)")
        #expect(r.err.count == 1 && r.err.first?.hasPrefix("error: ") == true, "\(comment) \(r.err)")
        #expect(r.err.first?.contains(text) == true, "\(comment) \(r.err)")
    }

    @Test("safe tx-hash with any integer of 2^256 is a one-line error naming the option",
          arguments: ["--nonce", "--value", "--safe-tx-gas", "--base-gas", "--gas-price", "--chain-id"])
    func safeTxHash(option: String) async {
        var args = ["safe", "tx-hash", "--safe", "0xe69aB13caf865f9e4b338b706f88Bf33aEa5b67b", "--chain-id", "1", "--nonce", "0",
                    "--to", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "--value", "0"]
        if let i = args.firstIndex(of: option) { args[i + 1] = Self.twoTo256 } else { args += [option, Self.twoTo256] }
        Self.expectOneLineError(await withArguments(args), mentioning: "256 bits", option)
    }

    @Test("tx sign refuses fields of 2^256 that tx decode would refuse", arguments: ["--nonce", "--value", "--gas-limit", "--chain-id"])
    func txSign(option: String) async throws {
        let keyFile = try temporaryFile(TxCommandTests.eip155Key + "\n")
        defer { try? FileManager.default.removeItem(atPath: keyFile) }
        var args = ["tx", "sign", "--chain-id", "1", "--nonce", "9", "--to", "0x3535353535353535353535353535353535353535",
                    "--value", "1", "--gas-limit", "21000", "--gas-price", "1", "--private-key-file", keyFile]
        args[args.firstIndex(of: option)! + 1] = Self.twoTo256
        Self.expectOneLineError(await withArguments(args), mentioning: "256 bits", option)
    }

    @Test("tx sign refuses a tip above the fee cap, as tx decode does")
    func txSignTip() async throws {
        let keyFile = try temporaryFile(TxCommandTests.eip155Key + "\n")
        defer { try? FileManager.default.removeItem(atPath: keyFile) }
        let r = await runCLI("tx", "sign", "--chain-id", "1", "--nonce", "0", "--to", "0x3535353535353535353535353535353535353535",
                             "--value", "0", "--gas-limit", "21000", "--max-fee-per-gas", "1gwei", "--max-priority-fee-per-gas", "2gwei",
                             "--private-key-file", keyFile)
        Self.expectOneLineError(r, mentioning: "max-priority-fee-per-gas")
    }

    @Test("util to-wei -1ether is a usage error, not the help with exit 0; --help still helps")
    func negativeAmount() async {
        let r = await runCLI("util", "to-wei", "-1ether")
        Self.expectOneLineError(r, code: 64, mentioning: "-1ether")
        #expect(r.out.isEmpty)
        #expect(await runCLI("util", "to-wei", "--", "-1ether").err == ["error: AMOUNT: amounts cannot be negative"])
        let help = await runCLI("util", "to-wei", "--help")
        #expect(help.code == 0 && help.stdout.contains("OVERVIEW"))
    }

    @Test("an amount above 2^256 - 1 is refused")
    func hugeAmount() async {
        Self.expectOneLineError(await runCLI("util", "to-wei", Self.twoTo256), mentioning: "256 bits")
    }

    @Test("safe propose with a value or nonce of 2^256 is refused before any network access")
    func safePropose() async {
        let base = ["safe", "propose", "0xe69aB13caf865f9e4b338b706f88Bf33aEa5b67b", "--to", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
                    "--rpc-url", "http://127.0.0.1:9"]
        let value = await withArguments(base + ["--value", Self.twoTo256])
        Self.expectOneLineError(value, mentioning: "--value: ")
        let nonce = await withArguments(base + ["--value", "1", "--nonce", Self.twoTo256])
        Self.expectOneLineError(nonce, mentioning: "--nonce: ")
    }

    @Test("safe import of a file with a gas figure of 2^256 is refused naming the field; nothing is imported")
    func safeImport() async throws {
        let json = """
        {"format":"bifrost.safe-transaction","version":1,"chainId":"1","safe":"0xe69aB13caf865f9e4b338b706f88Bf33aEa5b67b","safeVersion":"1.4.1",\
        "safeTxHash":"0x00","transaction":{"to":"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed","value":"0","data":"0x","operation":0,\
        "safeTxGas":"0","baseGas":"\(Self.twoTo256)","gasPrice":"0","gasToken":"0x0000000000000000000000000000000000000000",\
        "refundReceiver":"0x0000000000000000000000000000000000000000","nonce":"0"},"signatures":[]}
        """
        let file = try temporaryFile(json)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-hostile-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file); try? FileManager.default.removeItem(atPath: home) }
        Self.expectOneLineError(await runCLI("safe", "import", file, "--home", home), mentioning: "\"baseGas\"")
    }

    @Test("a group command without its subcommand still shows its help")
    func bareGroup() async {
        let r = await runCLI("key")
        #expect(r.code == 0 && r.stdout.contains("SUBCOMMANDS") && r.err.isEmpty, "\(r.err)")
    }
}
