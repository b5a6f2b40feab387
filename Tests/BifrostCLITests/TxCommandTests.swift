import Foundation
import Testing

@Suite("bifrost tx")
struct TxCommandTests {
    /// The EIP-155 specification's example key and transaction.
    static let eip155Key = "0x4646464646464646464646464646464646464646464646464646464646464646"
    static let eip155Raw = "0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83"

    @Test("sign reproduces the EIP-155 example byte for byte, from a key file")
    func eip155Example() async throws {
        let keyFile = try temporaryFile(Self.eip155Key + "\n")
        defer { try? FileManager.default.removeItem(atPath: keyFile) }
        let r = await runCLI("tx", "sign", "--chain-id", "1", "--nonce", "9", "--to", "0x3535353535353535353535353535353535353535",
                             "--value", "1ether", "--gas-limit", "21000", "--gas-price", "20gwei",
                             "--private-key-file", keyFile, "--json")
        #expect(r.code == 0)
        #expect(r.stdout == #"{"raw":"\#(Self.eip155Raw)","hash":"0x33469b22e9f636356c4160a87eb19df52b7412e8eac32a4a55ffe88ea8350788","from":"0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F"}"#)
    }

    @Test("decode gives the fields and the recovered sender")
    func decodeLegacy() async {
        let r = await runCLI("tx", "decode", Self.eip155Raw, "--json")
        #expect(r.stdout == #"{"type":0,"chainId":"1","nonce":"9","to":"0x3535353535353535353535353535353535353535","value":"1000000000000000000","gasLimit":"21000","gasPrice":"20000000000","data":"0x","v":"37","r":"0x28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276","s":"0x67cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83","hash":"0x33469b22e9f636356c4160a87eb19df52b7412e8eac32a4a55ffe88ea8350788","from":"0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F"}"#)
    }

    @Test("an EIP-1559 transaction with an access list signs and decodes back to its fields")
    func dynamicFeeRoundTrip() async throws {
        let signed = await runCLI("tx", "sign", "--chain-id", "0x1", "--nonce", "7", "--to", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
                                  "--value", "0.5ether", "--gas-limit", "50000", "--max-fee-per-gas", "30gwei",
                                  "--max-priority-fee-per-gas", "1.5gwei", "--data", "a9059cbb",
                                  "--access-list", #"[{"address":"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed","storageKeys":["0x0000000000000000000000000000000000000000000000000000000000000001"]}]"#,
                                  "--private-key", Self.eip155Key)
        #expect(signed.code == 0)
        let raw = try #require(signed.out.first { $0.hasPrefix("raw:") }?.split(separator: " ").last.map(String.init))
        #expect(raw.hasPrefix("0x02"))
        let decoded = await runCLI("tx", "decode", raw)
        #expect(decoded.out.contains("maxPriorityFeePerGas: 1500000000"))
        #expect(decoded.out.contains("maxFeePerGas:         30000000000"))
        #expect(decoded.out.contains("value:                500000000000000000"))
        #expect(decoded.out.contains("data:                 0xa9059cbb"))
        #expect(decoded.out.contains("from:                 0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F"))
    }

    @Test("missing or conflicting fees and keys are refused with one line")
    func refusals() async {
        let base = ["tx", "sign", "--chain-id", "1", "--nonce", "0", "--to", "0x3535353535353535353535353535353535353535", "--gas-limit", "21000"]
        func run(_ extra: [String]) async -> CLIResult {
            await runCLIArray(base + extra)
        }
        let noFee = await run(["--private-key", Self.eip155Key])
        #expect(noFee.code == 1)
        #expect(noFee.err == ["error: give --gas-price for a legacy transaction, or --max-fee-per-gas and --max-priority-fee-per-gas for EIP-1559"])
        let mixed = await run(["--gas-price", "1", "--max-fee-per-gas", "2", "--max-priority-fee-per-gas", "1", "--private-key", Self.eip155Key])
        #expect(mixed.err.first?.contains("cannot be combined") == true)
        let twoKeys = await run(["--gas-price", "1", "--private-key", Self.eip155Key, "--private-key-file", "/nonexistent"])
        #expect(twoKeys.err == ["error: give only one signing key, got --private-key and --private-key-file"])
        let badKey = await run(["--gas-price", "1", "--private-key", "0x00"])
        #expect(badKey.err.first?.contains("not a valid secp256k1 key") == true)
        let missingFile = await run(["--gas-price", "1", "--private-key-file", "/nonexistent/key"])
        #expect(missingFile.err == ["error: cannot read /nonexistent/key: no such file"])
        let badTo = await runCLIArray(["tx", "sign", "--chain-id", "1", "--nonce", "0", "--to", "0x12", "--gas-limit", "1", "--gas-price", "1", "--private-key", Self.eip155Key])
        #expect(badTo.err.first?.hasPrefix("error: --to:") == true)
        for r in [noFee, mixed, twoKeys, badKey, missingFile, badTo] { #expect(r.out.isEmpty) }
    }

    @Test("decoding garbage fails with a typed one-line error")
    func decodeGarbage() async {
        let r = await runCLI("tx", "decode", "0xdeadbeef")
        #expect(r.code == 1)
        #expect(r.err == ["error: malformed RLP: RLP input ends before the declared length"])
        let typed = await runCLI("tx", "decode", "0x05c0")
        #expect(typed.err.first?.contains("not supported") == true)
    }
}

/// `runCLI` for an array of arguments.
func runCLIArray(_ arguments: [String]) async -> CLIResult {
    await withArguments(arguments)
}
