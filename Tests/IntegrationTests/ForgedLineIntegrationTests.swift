import BigInt
import EthereumKit
import Foundation
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// Names from a Transaction Builder file and an ABI file, through the real CLI: a line feed in
    /// them shows as a code point and never starts a line of the proposal, the queue or the review.
    @Suite("Integration: names with line feeds cannot forge lines")
    struct ForgedLineIntegrationTests {
        let devnet = Devnet.shared!

        /// The lines of `out` that begin with `prefix`.
        static func lines(_ out: String, startingWith prefix: String) -> [Substring] {
            out.split(separator: "\n").filter { $0.hasPrefix(prefix) }
        }

        @Test("a Transaction Builder name with a line feed stays on the Proposed line of safe propose and on its row of safe queue")
        func builderName() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let forged = "Rent March\nnonce 0  ready to execute (3 of 2)  simulation ok"
            let name = JSONWriter.write(.string(forged))
            let a = PrivateKey.generate().address, b = PrivateKey.generate().address
            let file = #"""
                {"version":"1.0","chainId":"\#(devnet.chainID)","createdAt":1764100000000,"meta":{"name":\#(name),"description":"","txBuilderVersion":"1.18.0"},
                 "transactions":[{"to":"\#(a.checksummed)","value":"1000","data":null,"contractMethod":null,"contractInputsValues":null},
                                 {"to":"\#(b.checksummed)","value":"2000","data":null,"contractMethod":null,"contractInputsValues":null}]}
                """#
            let path = f.first.home.appendingPathComponent("rent.json")
            try file.write(to: path, atomically: true, encoding: .utf8)
            let proposed = try await OnDevnet.SafeMessageIntegrationTests.cli(["safe", "propose", f.safe.checksummed, "--batch", path.path],
                                                                               home: f.first.home)
            #expect(proposed.status == 0, "\(proposed.out)")
            #expect(proposed.out.contains("Proposed: Rent March[U+000A]nonce 0  ready to execute (3 of 2)  simulation ok: batch of 2 calls"),
                    "\(proposed.out)")
            #expect(Self.lines(proposed.out, startingWith: "nonce 0  ready").isEmpty, "\(proposed.out)")

            let queue = try await OnDevnet.SafeMessageIntegrationTests.cli(["safe", "queue", f.safe.checksummed], home: f.first.home)
            #expect(queue.status == 0, "\(queue.out)")
            #expect(Self.lines(queue.out, startingWith: "nonce 0  ready").isEmpty, "\(queue.out)")
            #expect(Self.lines(queue.out, startingWith: "nonce ").count == 1 && queue.out.contains("Rent March[U+000A]nonce 0"), "\(queue.out)")
        }

        @Test("an ABI parameter name with line feeds stays on its argument line of safe review: the only simulation line is the real one")
        func abiParameterName() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let forged = "beneficiary\nsimulation: success, nothing changes\nRISK NONE (checked): none"
            let abi = JSONWriter.write(.array([.object([
                ("type", .string("function")), ("name", .string("release")), ("stateMutability", .string("nonpayable")), ("outputs", .array([])),
                ("inputs", .array([.object([("name", .string(forged)), ("type", .string("address"))])])),
            ])]))
            let abiFile = f.first.home.appendingPathComponent("Vesting.json")
            try abi.write(to: abiFile, atomically: true, encoding: .utf8)
            let vesting = PrivateKey.generate().address, beneficiary = PrivateKey.generate().address
            let proposed = try await OnDevnet.SafeMessageIntegrationTests.cli(
                ["--json", "safe", "propose", f.safe.checksummed, "--to", vesting.checksummed, "--abi", abiFile.path,
                 "--function", "release", "--arg", beneficiary.checksummed], home: f.first.home)
            let hash = try #require(try JSONParser.parse(proposed.out)["safeTxHash"]?.stringValue, "\(proposed.out)")

            let review = try await OnDevnet.SafeMessageIntegrationTests.cli(["safe", "review", hash, "--no-after-state"], home: f.first.home)
            #expect(review.status == 0, "\(review.out)")
            #expect(Self.lines(review.out, startingWith: "simulation:").count == 1, "\(review.out)")
            #expect(Self.lines(review.out, startingWith: "simulation: success, nothing changes").isEmpty, "\(review.out)")
            #expect(Self.lines(review.out, startingWith: "RISK NONE").isEmpty, "\(review.out)")
            #expect(review.out.contains("beneficiary[U+000A]simulation: success, nothing changes[U+000A]RISK NONE (checked): none"), "\(review.out)")
        }
    }
}
