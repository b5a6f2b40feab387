import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// Safe{Wallet}'s Transaction Builder files on the real contracts, through the real CLI.
    @Suite("Integration: Transaction Builder files on the local chain")
    struct TransactionBuilderIntegrationTests {
        let devnet = Devnet.shared!

        @Test("a builder file with a contractMethod call, a raw-data call and an ETH transfer executes as one batch; export-batch writes it back and it proposes the same safeTxHash; a file for another chain is refused")
        func threeCalls() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            try await f.receiveTestTokens(100 * SafeFixture.ether)
            let bob = PrivateKey.generate().address, carol = PrivateKey.generate().address, spender = PrivateKey.generate().address
            let approve = try FunctionSignature("approve(address,uint256)").encodeCall([.address(spender), .uint(7 * SafeFixture.ether)])
            func file(chainId: BigUInt) -> String {
                #"""
                {"version":"1.0","chainId":"\#(chainId)","createdAt":1764000000000,"meta":{"name":"Pay and approve","description":"","txBuilderVersion":"1.18.0","createdFromSafeAddress":"\#(f.safe.checksummed)","createdFromOwnerAddress":""},
                 "transactions":[
                  {"to":"\#(devnet.testToken.checksummed)","value":"0","data":null,"contractMethod":{"inputs":[{"internalType":"address","name":"to","type":"address"},{"internalType":"uint256","name":"amount","type":"uint256"}],"name":"transfer","payable":false},"contractInputsValues":{"to":"\#(bob.checksummed)","amount":"1500000000000000000"}},
                  {"to":"\#(devnet.testToken.checksummed)","value":"0","data":"\#(Hex.encode(approve))","contractMethod":null,"contractInputsValues":null},
                  {"to":"\#(carol.checksummed)","value":"250000000000000000","data":null,"contractMethod":null,"contractInputsValues":null}]}
                """#
            }
            let path = f.first.home.appendingPathComponent("builder.json")
            func cli(_ arguments: [String]) async throws -> (status: Int32, out: String) {
                try await OnDevnet.SafeMessageIntegrationTests.cli(arguments, home: f.first.home)
            }
            try file(chainId: 1).write(to: path, atomically: true, encoding: .utf8)
            let foreign = try await cli(["safe", "propose", f.safe.checksummed, "--batch", path.path])
            #expect(foreign.status == 1, "a file for chain 1: \(foreign.out)")

            try file(chainId: devnet.chainID).write(to: path, atomically: true, encoding: .utf8)
            let proposed = try await cli(["--json", "safe", "propose", f.safe.checksummed, "--batch", path.path])
            let hashText = try #require(try JSONParser.parse(Array(proposed.out.utf8))["safeTxHash"]?.stringValue, "\(proposed.out)")
            let entry = try await f.first.services.dispatcher.dispatch(SafeTransactionQuery(safeTxHash: try [UInt8](hex: hashText))).entry
            #expect(entry.summary == "Pay and approve: batch of 3 calls through MultiSend", "\(entry.summary)")

            // Written back in the builder's format and proposed again at the same nonce: the same safeTxHash.
            let exported = f.first.home.appendingPathComponent("exported.json")
            #expect(try await cli(["safe", "export-batch", hashText, "--out", exported.path]).status == 0)
            let written = try JSONParser.parse(try String(contentsOf: exported, encoding: .utf8))
            #expect(written["transactions"]?.arrayValue?.count == 3 && written["chainId"] == .string(String(devnet.chainID)))
            let again = try await cli(["--json", "safe", "propose", f.safe.checksummed, "--batch", exported.path, "--nonce", String(entry.transaction.nonce)])
            #expect(try JSONParser.parse(Array(again.out.utf8))["safeTxHash"]?.stringValue == hashText, "\(again.out)")

            #expect(try await f.signAndExecute(entry).success == true)
            let remote = try f.remote()
            let balanceOf = try FunctionSignature("balanceOf(address)"), allowance = try FunctionSignature("allowance(address,address)")
            #expect(BigUInt(Data(try await remote.call(CallRequest(to: devnet.testToken, data: try balanceOf.encodeCall([.address(bob)]))))) == 15 * SafeFixture.ether / 10)
            #expect(BigUInt(Data(try await remote.call(CallRequest(to: devnet.testToken, data: try allowance.encodeCall([.address(f.safe), .address(spender)])))))
                    == 7 * SafeFixture.ether)
            let carols = try await f.first.services.dispatcher.dispatch(FetchBalances(address: carol, tokens: [], chain: f.first.chain))
            #expect(carols.ether.wei == SafeFixture.ether / 4)
        }
    }
}
