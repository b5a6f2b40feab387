import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// The address book through the real CLI: names in the queue, the info and the review, in
    /// text and JSON, and a look-alike of an entry flagged.
    @Suite("Integration: the address book on the local chain")
    struct AddressBookIntegrationTests {
        let devnet = Devnet.shared!

        @Test("a named recipient shows by name in the queue and the review, text and JSON; a look-alike of a book entry is a critical risk; the book exports and imports as Safe{Wallet}'s CSV")
        func namesEverywhere() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            func cli(_ arguments: [String]) async throws -> (status: Int32, out: String) {
                try await OnDevnet.SafeMessageIntegrationTests.cli(arguments, home: f.first.home, withErrors: !arguments.contains("--json"))
            }
            let payroll = PrivateKey.generate().address
            let hex = Array(payroll.lowercased.dropFirst(2))
            // The poisoning shape: the same first and last four hex digits, the middle changed.
            let twin = try Address("0x" + String(hex.prefix(4)) + String(hex[4..<36].map { $0 == "a" ? "b" : "a" }) + String(hex.suffix(4)))
            #expect(try await cli(["address-book", "add", payroll.checksummed, "Payroll wallet"]).status == 0)

            let paid = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: payroll, value: SafeFixture.ether / 10, data: [], operation: .call), chain: f.first.chain))
            let queue = try await cli(["safe", "queue", f.safe.checksummed])
            #expect(queue.out.contains("send 0.1 ETH to \(payroll.checksummed) (Payroll wallet)"), "\(queue.out)")
            let queueJSON = try JSONParser.parse(Array(try await cli(["--json", "safe", "queue", f.safe.checksummed]).out.utf8))
            #expect(queueJSON["names"]?[payroll.checksummed] == .string("Payroll wallet"), "\(queueJSON)")
            let info = try await cli(["safe", "info", f.safe.checksummed])
            #expect(info.out.contains("\(f.owners[0].checksummed) (key owner4)"), "\(info.out)")

            let poisoned = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: twin, value: SafeFixture.ether / 10, data: [], operation: .call), chain: f.first.chain))
            let review = try await cli(["--json", "safe", "review", Hex.encode(poisoned.safeTxHash), "--no-after-state"])
            let risks = try JSONParser.parse(Array(review.out.utf8))["risks"]?.arrayValue ?? []
            let lookalike = risks.first { $0["name"] == .string("lookalike-address") }
            #expect(lookalike?["severity"] == .string("critical"), "\(review.out)")
            #expect(lookalike?["message"]?.stringValue?.contains("(Payroll wallet in the address book)") == true, "\(review.out)")
            let fine = try await cli(["--json", "safe", "review", Hex.encode(paid.safeTxHash), "--no-after-state"])
            #expect(!fine.out.contains("lookalike-address") && fine.out.contains("\"names\""), "\(fine.out)")

            let file = f.first.home.appendingPathComponent("book.csv")
            #expect(try await cli(["address-book", "export", "--out", file.path]).status == 0)
            let written = try String(contentsOf: file, encoding: .utf8)
            #expect(written == "address,name,chainId\r\n\(payroll.checksummed),Payroll wallet,\(devnet.chainID)\r\n", "\(written)")
            #expect(try await cli(["address-book", "remove", payroll.checksummed]).status == 0)
            #expect(try await cli(["address-book", "import", file.path]).status == 0)
            let listed = try JSONParser.parse(Array(try await cli(["--json", "address-book", "list"]).out.utf8))
            #expect(listed["entries"]?.arrayValue?.first?["name"] == .string("Payroll wallet"))
        }
    }
}
