import Foundation
import Services
import Testing

/// `bifrost safe verify-evidence` on the command line: the file's own trusted delegates never count,
/// `--trust-delegate` does, and the fields only a node can check are named as not re-checked.
@Suite("safe verify-evidence on the command line", .serialized)
struct VerifyEvidenceCommandTests {
    static let safe = try! Address("0x9A676e781A523b5d0C0e43731313A708CB607508")
    static let target = try! Address("0x959922bE3CAee4b8Cd9a407cc3ac1C251C2007B1")

    /// A 1.4.1 Safe's delegatecall to `target`, reviewed by a writer whose home trusted it, sealed.
    static func document() throws -> String {
        let time = Date(timeIntervalSince1970: 1_870_000_000)
        let tx = SafeTx(safe: safe, chainID: 8453, version: .v1_4_1, to: target, value: 0, data: [0x12, 0x34, 0x56, 0x78], operation: .delegateCall, nonce: 5)
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: try tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                         summary: "delegatecall", createdAt: time, updatedAt: time)
        let review = SafeTransactionReview(call: CallDecoder(trusting: [target]).decode(tx), simulation: .succeeds, effect: .changes([]), risks: [],
                                           block: SimulatedBlock(number: 31_002, hash: [UInt8](repeating: 0x5b, count: 32)))
        return try SafeEvidence.document(entry: entry, review: review, trusted: [target])
    }

    @Test("a file that trusts its own delegatecall target fails and names it; --trust-delegate makes it hold; what needs a node is listed either way")
    func trustIsTheVerifiers() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-evidence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("evidence.json").path, home = folder.appendingPathComponent("home").path
        try Self.document().write(toFile: file, atomically: true, encoding: .utf8)

        let alone = await runCLIArray(["safe", "verify-evidence", file, "--home", home])
        #expect(alone.code == 1, "\(alone)")
        #expect(alone.out.contains("not trusted: \(Self.target.checksummed), which the file's writer trusted as a delegatecall target "
                                   + "(--trust-delegate \(Self.target.checksummed) to trust it)"), "\(alone.stdout)")
        #expect(alone.out.contains { $0.hasPrefix("MISMATCH: warnings: the document leaves out what the fields give: delegatecall to \(Self.target.checksummed)") })
        let needsNode = alone.out.filter { $0.hasPrefix("not re-checked, needs a node: ") }
        #expect(needsNode.map { $0.dropFirst(30).prefix { $0 != ":" } } == ["simulation", "block", "effect", "events", "risks"], "\(alone.stdout)")

        let trusted = await runCLIArray(["safe", "verify-evidence", file, "--trust-delegate", Self.target.checksummed, "--home", home])
        #expect(trusted.code == 0 && !trusted.stdout.contains("MISMATCH") && !trusted.stdout.contains("not trusted:"), "\(trusted)")
        #expect(trusted.out.contains("not re-checked, needs a node: block: the simulation ran at block 31002 (0x\(String(repeating: "5b", count: 32))), "
                                     + "by the writer's word"), "\(trusted.stdout)")

        let json = await runCLIArray(["--json", "safe", "verify-evidence", file, "--home", home])
        let view = try JSONParser.parse(json.stdout)
        #expect(json.code == 1 && view["holds"] == .bool(false) && view["untrustedDelegates"] == .array([.string(Self.target.checksummed)]), "\(json)")
    }
}
