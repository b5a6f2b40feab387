import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Storage
import Testing

/// `safe propose --dry-run`: the review of the draft, stored nowhere.
@Suite("bifrost safe propose --dry-run", .serialized)
struct SafeProposeDryRunTests {
    static let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let owners = ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"].map { try! Address($0) }
    static let recipient = "0x90F79bf6EB2c4f870365E785982E1f101E93b906"

    func run(_ mock: MockNetwork, _ args: [String], home: String) async -> CLIResult {
        await ProcessDefaults.$network.withValue(mock) { await withArguments(args + ["--home", home]) }
    }

    @Test("shows the decoded call, the risks and the three hashes, as safe review does, in text and JSON; the queue stays empty and the Safe unfollowed")
    func dryRun() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-dry-run-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let mock = MockNetwork()
        mock.serve(MockSafeNode(chainID: 31337, owners: Self.owners, threshold: 2, nonce: 3, balance: BigUInt(10).power(18)))
        let added = await run(mock, ["network", "add", "node", "--rpc-url", "http://127.0.0.1:8545", "--chain-id", "31337"], home: home)
        #expect(added.code == 0, "\(added.err)")
        let base = ["--network", "node", "safe", "propose", Self.safe.checksummed, "--to", Self.recipient, "--value", "0.1ether", "--dry-run"]

        let text = await run(mock, base, home: home)
        #expect(text.code == 0, "\(text.err)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("send 0.1 ETH to \(Self.recipient)") == true, "\(lines)")
        #expect(lines.contains { $0.contains("nonce 3  draft, not stored") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("safeTxHash:") } && lines.contains { $0.hasPrefix("domain hash:") }, "\(lines)")
        #expect(text.err.contains { $0.contains("Nothing was stored") })

        let json = await run(mock, base + ["--json"], home: home)
        #expect(json.code == 0, "\(json.err)")
        let out = try JSONParser.parse(json.stdout)
        #expect(out["stored"] == .bool(false) && out["nonce"]?.stringValue == "3")
        #expect(out["review"]?["call"]?["to"]?.stringValue == Self.recipient)
        #expect(out["review"]?["safeTxHash"]?.stringValue == out["hashes"]?["safeTxHash"]?.stringValue)
        #expect(out["review"]?["risks"]?.arrayValue != nil && out["hashes"]?["domainSeparator"]?.stringValue?.hasPrefix("0x") == true)

        let storage = SafeStorage(database: try AppDatabase.open(home: BifrostHome(url: URL(fileURLWithPath: home))))
        #expect(try await storage.transactions(chainID: 31337, safe: Self.safe).isEmpty, "a dry run stores no transaction")
        #expect(try await storage.safe(chainID: 31337, address: Self.safe) == nil, "nor follows the Safe")
    }
}
