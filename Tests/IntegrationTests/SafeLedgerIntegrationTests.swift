import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// `bifrost safe history --csv`: every asset movement, as accounting tools import it, read back
    /// by Python's own `csv` module.
    @Suite("Integration: the history CSV on the local chain", .enabled(if: ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"] != nil,
                                                                      "set BIFROST_REFERENCE_PYTHON (scripts/test does)"))
    struct SafeLedgerIntegrationTests {
        let devnet = Devnet.shared!

        @Test("ether and tokens in, a batch out (ETH to a named payee and tokens), an owner-only change: one row per movement with date, hash, nonce, direction, asset, amount, named counterparty and the fee once per execution")
        func ledger() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            try await f.receiveTestTokens(100 * SafeFixture.ether)
            let payee = PrivateKey.generate().address, carol = PrivateKey.generate().address
            _ = try await f.first.services.dispatcher.dispatch(AddAddressBookEntry(address: payee, name: "Payee, \"EU\"", chain: f.first.chain))
            let sheet = try TransferSheet(csv: "token,receiver,amount\n,\(payee.checksummed),0.25\n\(devnet.testToken.checksummed),\(carol.checksummed),1.5\n")
            let batch = try await f.run(.transfers(sheet))
            try await f.run(.changeThreshold(1))

            let file = f.first.home.appendingPathComponent("ledger.csv")
            let written = try await OnDevnet.SafeMessageIntegrationTests.cli(["safe", "history", f.safe.checksummed, "--csv", "--out", file.path],
                                                                             home: f.first.home, withErrors: true)
            #expect(written.status == 0 && written.out.contains("Wrote 5 rows"), "\(written.out)")
            let python = ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"]!
            let parsed = try await Self.run(python, ["-c", "import csv, json, sys; print(json.dumps(list(csv.DictReader(open(sys.argv[1], newline='')))))", file.path])
            let rows = try #require(try JSONParser.parse(parsed).arrayValue, "\(parsed)")
            func column(_ name: String) -> [String] { rows.map { $0[name]?.stringValue ?? "?" } }
            #expect(rows.count == 5, "\(parsed)")
            #expect(column("direction") == ["in", "in", "out", "out", "fee"], "\(parsed)")
            #expect(column("asset_address") == ["", devnet.testToken.checksummed, "", devnet.testToken.checksummed, ""])
            #expect(column("amount") == ["10", "100", "0.25", "1.5", "0"])
            #expect(column("counterparty_address") == [f.owners[0].checksummed, devnet.accounts[0].address.checksummed, payee.checksummed, carol.checksummed, f.safe.checksummed])
            #expect(column("counterparty_name") == ["key owner4", "key holder", "Payee, \"EU\"", "", ""], "names, with a comma and quotes")
            #expect(column("nonce") == ["", "", "0", "0", "1"])
            let batchHash = batch.transaction.hash
            #expect(column("transaction_hash")[2] == Hex.encode(batchHash) && column("transaction_hash")[3] == Hex.encode(batchHash))
            let receipt = try #require(try await f.remote().transactionReceipt(hash: batchHash))
            #expect(column("fee_eth")[2] == EtherAmount(wei: receipt.gasUsed * receipt.effectiveGasPrice).exact(in: .ether), "the batch's fee, once")
            #expect(column("fee_eth")[3] == "" && column("fee_eth")[0] == "" && !column("fee_eth")[4].isEmpty)
            #expect(column("date").allSatisfy { $0.hasSuffix("Z") && ISO8601DateFormatter().date(from: $0) != nil }, "\(column("date"))")
            #expect(column("asset")[0] == "ETH")
        }

        /// Runs `executable` with `arguments` and answers its standard output.
        static func run(_ executable: String, _ arguments: [String]) async throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
