import BigInt
import EthereumKit
import Foundation
import Services
import Testing

extension OnDevnet {
    /// Spreadsheets of transfers on the real contracts: one Safe transaction pays every row.
    @Suite("Integration: CSV transfers on the local chain")
    struct TransferSheetIntegrationTests {
        let devnet = Devnet.shared!

        @Test("500 rows (ETH and an ERC-20) through the real CLI become one MultiSend batch; it executes and every balance is checked; a sheet the Safe cannot pay is refused")
        func fiveHundredRows() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            _ = try await f.first.services.dispatcher.dispatch(AddToken(address: devnet.testToken, chain: f.first.chain))
            try await f.receiveTestTokens(100 * SafeFixture.ether)
            let receivers = (0..<500).map { _ in PrivateKey.generate().address }
            // Every tenth row pays the token, the rest ether: 0.001 ETH plus a micro-ether per row, or 0.5 of the token.
            var lines = ["token_type,token_address,receiver,amount,id"]
            var expected: [(Address, ether: BigUInt, token: BigUInt)] = []
            for (i, receiver) in receivers.enumerated() {
                if i % 10 == 0 {
                    lines.append("erc20,\(devnet.testToken.checksummed),\(receiver.checksummed),0.5,")
                    expected.append((receiver, 0, SafeFixture.ether / 2))
                } else {
                    lines.append("native,,\(receiver.checksummed),0.001\(String(format: "%03d", i)),")
                    expected.append((receiver, SafeFixture.ether / 1000 + BigUInt(i) * BigUInt(10).power(12), 0))
                }
            }
            let sheet = f.first.home.appendingPathComponent("payroll.csv")
            try lines.joined(separator: "\n").write(to: sheet, atomically: true, encoding: .utf8)
            let proposed = try await OnDevnet.SafeMessageIntegrationTests.cli(["--json", "safe", "propose", f.safe.checksummed, "--csv", sheet.path],
                                                                              home: f.first.home)
            #expect(proposed.status == 0, "\(proposed.out)")
            let hash = try [UInt8](hex: try #require(try JSONParser.parse(Array(proposed.out.utf8))["safeTxHash"]?.stringValue))
            let entry = try await f.first.services.dispatcher.dispatch(SafeTransactionQuery(safeTxHash: hash)).entry
            #expect(entry.summary == "500 transfers through MultiSend" && entry.transaction.operation == .delegateCall)
            let started = ContinuousClock.now
            let result = try await f.signAndExecute(entry)
            let took = ContinuousClock.now - started
            #expect(result.success == true)
            print("500-row sheet: gas \(result.transaction.gasUsed.map(String.init) ?? "?"), signed and executed in \(took)")
            var wrong: [String] = []
            for (receiver, ether, token) in expected {
                let got = try await f.first.services.dispatcher.dispatch(FetchBalances(address: receiver, tokens: [devnet.testToken], chain: f.first.chain))
                if got.ether.wei != ether || (got.tokens.first?.raw ?? 0) != token { wrong.append(receiver.checksummed) }
            }
            #expect(wrong.isEmpty, "\(wrong.count) of 500 receivers hold the wrong amount")

            try "token,receiver,amount\n,\(receivers[0].checksummed),1000".write(to: sheet, atomically: true, encoding: .utf8)
            let refused = try await OnDevnet.SafeMessageIntegrationTests.cli(["safe", "propose", f.safe.checksummed, "--csv", sheet.path], home: f.first.home)
            #expect(refused.status == 1 && refused.out.isEmpty, "the Safe holds less than 1000 ETH")
        }
    }
}
